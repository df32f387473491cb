fn main() {
    std::process::exit(re0::cli::main());
}
