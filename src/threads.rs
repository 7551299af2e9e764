//! Worker threads: the one place stitch starts threads, each with the stack its recursive code
//! needs (L5). Loading bounds nesting and reference chains before any recursive code runs, and
//! this stack leaves that code — ours, the validator's, the canonical form's — a wide margin.
//! rayon's default of 2 MiB is too small for it: a pool for `check` is built with
//! [`STACK_SIZE`] as well. Work that compiles no validator and proves nothing
//! (`flatten --no-verify` without `--target`) runs [`here`], on the main thread, instead: the
//! load's bounds keep its recursion far inside the default 8 MiB (tests/hostile.rs runs it in
//! 1 MiB).

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::thread;

/// Stack size of every thread stitch starts. Only touched pages cost memory.
pub(crate) const STACK_SIZE: usize = 256 * 1024 * 1024;

thread_local! {
    /// True on a thread with [`STACK_SIZE`] of stack: one [`run`] started, or a pool's thread
    /// that [`mark`] was called on.
    static ROOMY: Cell<bool> = const { Cell::new(false) };
}

/// Marks this thread as having [`STACK_SIZE`] of stack (for a pool's start handler), so that
/// [`run`] works here rather than starting another thread.
pub(crate) fn mark() {
    ROOMY.set(true);
}

/// A thread builder named `name` with the stack stitch's recursive code needs.
pub(crate) fn builder(name: &str) -> thread::Builder {
    thread::Builder::new()
        .name(name.to_owned())
        .stack_size(STACK_SIZE)
}

/// Runs `work` with [`STACK_SIZE`] of stack and waits for it: here when this thread has that
/// much (starting a thread costs more than a small `stitch verify`'s second opinion), else on
/// a worker thread of its own. `Err` when no thread could be started, `Ok(Err(_))` when
/// `work` panicked (its message printed, as on a thread of its own).
pub(crate) fn run<T: Send>(
    name: &str,
    work: impl FnOnce() -> T + Send,
) -> std::io::Result<thread::Result<T>> {
    if ROOMY.get() {
        return here(work);
    }
    run_beside(name, work, || {})
}

/// Runs `work` on this thread, whatever its stack, as [`run`] would on a thread of its own:
/// for work whose recursion the load has bounded. `Ok(Err(_))` when `work` panicked.
pub(crate) fn here<T>(work: impl FnOnce() -> T) -> std::io::Result<thread::Result<T>> {
    Ok(panic::catch_unwind(AssertUnwindSafe(work)))
}

/// Runs `work` on a worker thread of its own (as [`run`] does) and, meanwhile, `beside` on
/// this thread; returns when both are done. `Err` when no thread could be started (`beside` is
/// then not run), `Ok(Err(_))` when `work` panicked.
pub(crate) fn run_beside<T: Send>(
    name: &str,
    work: impl FnOnce() -> T + Send,
    beside: impl FnOnce(),
) -> std::io::Result<thread::Result<T>> {
    thread::scope(|scope| {
        let handle = builder(name).spawn_scoped(scope, || {
            mark();
            work()
        })?;
        beside();
        Ok(handle.join())
    })
}

/// Runs `work` on a thread of its own that nobody waits for: the process may end before it
/// does. When no thread can be started, `work` is dropped here, unrun.
pub(crate) fn detach(name: &str, work: impl FnOnce() + Send + 'static) {
    let _ = builder(name).spawn(work);
}

/// Drops `value` on a thread of its own (freeing a large document tree costs a tenth of a run),
/// or here when no thread can be started.
pub(crate) fn dispose<T: Send + 'static>(value: T) {
    detach("stitch-drop", move || drop(value));
}

/// A short wait (5 ms) for input that has not arrived yet (a pipe's writer): waiting for I/O,
/// never a budget, so it lives here rather than where verdicts are made.
pub(crate) fn pause() {
    thread::sleep(std::time::Duration::from_millis(5));
}

#[cfg(test)]
mod tests {
    use super::run;

    /// A thread `run` started has stitch's stack, so a `run` on it works in place (no thread
    /// started), and a panic there comes back as it would from a thread of its own.
    #[test]
    fn run_works_in_place_on_a_thread_it_started() {
        let here = std::thread::current().id();
        let (outer, inner, panicked) = run("stitch-test", || {
            let outer = std::thread::current().id();
            let inner = run("stitch-test-inner", || std::thread::current().id())
                .unwrap()
                .unwrap();
            let panicked = run("stitch-test-panic", || panic!("a bug"))
                .unwrap()
                .is_err();
            (outer, inner, panicked)
        })
        .unwrap()
        .unwrap();
        assert_ne!(outer, here);
        assert_eq!(inner, outer);
        assert!(panicked);
    }
}
