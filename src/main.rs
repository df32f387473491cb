/// mimalloc instead of glibc's allocator. Reading a catalog allocates many
/// small blocks (names, description parts, terms) on both cores at once;
/// with glibc's allocator that was a tenth of a cold `plan`'s CPU at 10,000
/// skills (malloc, free and their locks), and a cold `plan` there is about
/// 7% faster with mimalloc (bench/README.md). Built without transparent
/// huge pages (`no_thp`): with them a cold `plan` peaked at 86 MiB, not 59.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(re0::cli::main());
}
