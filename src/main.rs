fn main() {
    grow_heap_in_large_steps();
    std::process::exit(re0::cli::main());
}

/// Asks glibc's allocator to grow its heaps 64 MiB at a time instead of
/// just past each request. Reading a catalog allocates many small blocks
/// on both cores; left at the default, each worker's heap grows a few
/// pages at a time, one `mprotect` call each (7,000 of them for a warm
/// `list` of 10,000 skills; without them a warm `plan` took 102 ms, not
/// 125). Pages are still touched, and so counted as resident, only when
/// used.
fn grow_heap_in_large_steps() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a tuning parameter of the allocator; it is
    // called before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_TOP_PAD, 64 << 20);
    }
}
