//! A segment is read through a memory map, so a page the disk cannot read (EIO) does not come
//! back as an error from a call: the kernel raises `SIGBUS` on the access. Without a handler
//! the process dies with "Bus error" and no word of which file. Every mapped segment registers
//! its address range and path here; [`report_unreadable_pages`] installs a handler that, for a
//! fault inside a registered range, prints the file and the offset that could not be read and
//! exits with status 1, as any other I/O error ends `dedupdb` and `ddtool`. A process never goes
//! on past a page it could not read, so it never answers from one.
//!
//! The handler may only call async-signal-safe functions: it takes no lock and allocates nothing.
//! Registrations live in a fixed table of slots, each guarded by a sequence count (odd while its
//! owner rewrites it, bumped on every change), which the handler reads without waiting.

use std::sync::atomic::{fence, AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};

/// Mapped segments registered at once; beyond this a fault is still reported, without the name.
const SLOTS: usize = 1024;
/// Bytes of a path kept (its end, where the file name is).
const PATH_BYTES: usize = 240;

struct Slot {
    /// Taken by a registration (claimed with a compare-and-swap).
    taken: AtomicBool,
    /// Bumped before and after every change: odd while the slot is being written. The handler
    /// trusts what it read only if the count was even and unchanged across its reads.
    seq: AtomicU64,
    /// The fields below name a mapped segment.
    live: AtomicBool,
    start: AtomicUsize,
    len: AtomicUsize,
    path_len: AtomicUsize,
    path: [AtomicU8; PATH_BYTES],
}

#[allow(clippy::declare_interior_mutable_const)]
const FREE: Slot = Slot {
    taken: AtomicBool::new(false),
    seq: AtomicU64::new(0),
    live: AtomicBool::new(false),
    start: AtomicUsize::new(0),
    len: AtomicUsize::new(0),
    path_len: AtomicUsize::new(0),
    path: [const { AtomicU8::new(0) }; PATH_BYTES],
};

static TABLE: [Slot; SLOTS] = [FREE; SLOTS];

/// A mapped range known to the handler until dropped.
#[derive(Debug)]
pub(crate) struct Registration {
    slot: Option<usize>,
}

/// Registers the map of the file at `path` (`start`, `len` bytes).
pub(crate) fn register(start: *const u8, len: usize, path: &std::path::Path) -> Registration {
    let bytes = path.as_os_str().as_encoded_bytes();
    let tail = &bytes[bytes.len().saturating_sub(PATH_BYTES)..];
    for (i, slot) in TABLE.iter().enumerate() {
        if slot.taken.compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
            continue;
        }
        edit(slot, || {
            slot.start.store(start as usize, Ordering::Relaxed);
            slot.len.store(len, Ordering::Relaxed);
            for (d, &b) in slot.path.iter().zip(tail) {
                d.store(b, Ordering::Relaxed);
            }
            slot.path_len.store(tail.len(), Ordering::Relaxed);
            slot.live.store(true, Ordering::Relaxed);
        });
        return Registration { slot: Some(i) };
    }
    Registration { slot: None }
}

/// Changes a slot with its count odd, so that a handler reading meanwhile discards what it read.
fn edit(slot: &Slot, change: impl FnOnce()) {
    slot.seq.fetch_add(1, Ordering::Relaxed);
    fence(Ordering::Release);
    change();
    slot.seq.fetch_add(1, Ordering::Release);
}

impl Drop for Registration {
    fn drop(&mut self) {
        if let Some(i) = self.slot {
            let slot = &TABLE[i];
            edit(slot, || slot.live.store(false, Ordering::Relaxed));
            slot.taken.store(false, Ordering::Release);
        }
    }
}

/// Installs the `SIGBUS` handler (once; later calls do nothing), its message starting with
/// `program` as the program's other errors do. Call it in a program's `main`; a library that
/// embeds dedupdb may leave signals to its host. A `SIGBUS` outside every mapped segment goes to
/// the disposition that was in place before.
pub fn report_unreadable_pages(program: &'static str) {
    #[cfg(unix)]
    {
        static INSTALLED: std::sync::Once = std::sync::Once::new();
        INSTALLED.call_once(|| {
            let _ = PROGRAM.set(program);
            // SAFETY: a plain sigaction with a handler that only calls async-signal-safe functions;
            // the previous disposition is kept for faults that are not ours.
            unsafe {
                // The disposition in place is saved before ours can run.
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(libc::SIGBUS, std::ptr::null(), &mut old) != 0 {
                    return;
                }
                PREVIOUS.store(Box::into_raw(Box::new(old)) as usize, Ordering::Release);
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = handler as *const () as usize;
                action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
            }
        });
    }
}

/// The name the handler's message starts with.
static PROGRAM: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();

/// The disposition before ours (a leaked `libc::sigaction`), restored for a fault not ours.
#[cfg(unix)]
static PREVIOUS: AtomicUsize = AtomicUsize::new(0);

/// Where a fault address falls: (slot path bytes, length, offset in the file).
fn find(addr: usize, path: &mut [u8; PATH_BYTES]) -> Option<(usize, usize)> {
    for slot in &TABLE {
        let seq = slot.seq.load(Ordering::Acquire);
        if seq % 2 == 1 || !slot.live.load(Ordering::Relaxed) {
            continue;
        }
        let start = slot.start.load(Ordering::Relaxed);
        let len = slot.len.load(Ordering::Relaxed);
        if addr < start || addr >= start + len {
            continue;
        }
        let n = slot.path_len.load(Ordering::Relaxed).min(PATH_BYTES);
        for (d, s) in path.iter_mut().zip(&slot.path[..n]) {
            *d = s.load(Ordering::Relaxed);
        }
        // The reads above happen before the count is read again.
        fence(Ordering::Acquire);
        if slot.seq.load(Ordering::Relaxed) == seq {
            return Some((n, addr - start));
        }
    }
    None
}

/// Writes `n` in decimal into `buf`; returns the digits.
fn decimal(mut n: usize, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[i..];
        }
    }
}

#[cfg(unix)]
extern "C" fn handler(sig: libc::c_int, info: *mut libc::siginfo_t, _ctx: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo for an SA_SIGINFO handler.
    let (addr, code) = unsafe { ((*info).si_addr() as usize, (*info).si_code) };
    let mut path = [0u8; PATH_BYTES];
    // A SIGBUS sent by a process (si_code <= 0: kill, sigqueue) is no fault of a page.
    let found = if code > 0 { find(addr, &mut path) } else { None };
    let Some((n, offset)) = found else {
        let old = PREVIOUS.load(Ordering::Acquire) as *const libc::sigaction;
        // SAFETY: sigaction and raise are async-signal-safe; `old` is the disposition saved at
        // install (never freed), or null.
        unsafe {
            if code <= 0 || old.is_null() {
                // A sent signal does its default (std's handler before ours, which looks for a
                // stack overflow, would ignore it), raised again: returning does not repeat it.
                let mut dfl: libc::sigaction = std::mem::zeroed();
                dfl.sa_sigaction = libc::SIG_DFL;
                libc::sigaction(sig, &dfl, std::ptr::null_mut());
                if code <= 0 {
                    libc::raise(sig);
                }
            } else {
                // Not a segment's page: the previous disposition takes the fault when the
                // access is retried on return.
                libc::sigaction(sig, old, std::ptr::null_mut());
            }
        }
        return;
    };
    let mut digits = [0u8; 20];
    let program = PROGRAM.get().map_or(&b"dedupdb"[..], |p| p.as_bytes());
    let parts: [&[u8]; 6] = [
        program,
        b": error: ",
        &path[..n],
        b": cannot read the byte at offset ",
        decimal(offset, &mut digits),
        b": I/O error on a mapped page (SIGBUS: the disk failed to read it, or the file was cut short under its map); nothing was answered from it\n",
    ];
    for p in parts {
        // SAFETY: write(2) is async-signal-safe; a short or failed write to stderr is ignored.
        unsafe {
            libc::write(2, p.as_ptr().cast(), p.len());
        }
    }
    // SAFETY: _exit is async-signal-safe and runs no destructors or atexit handlers.
    unsafe { libc::_exit(1) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fault_address_names_its_file_and_offset_until_the_map_is_dropped() {
        let buf = vec![0u8; 8192];
        let reg = register(buf.as_ptr(), buf.len(), std::path::Path::new("/idx/segments/seg-7.dds"));
        let mut path = [0u8; PATH_BYTES];
        let (n, off) = find(buf.as_ptr() as usize + 5000, &mut path).expect("inside the range");
        assert_eq!(&path[..n], b"/idx/segments/seg-7.dds");
        assert_eq!(off, 5000);
        assert!(find(buf.as_ptr() as usize + 8192, &mut path).is_none(), "one past the end is outside");
        drop(reg);
        assert!(find(buf.as_ptr() as usize + 5000, &mut path).is_none(), "a dropped map is forgotten");
    }

    #[test]
    fn a_long_path_keeps_its_end() {
        let long = format!("/{}/seg-1.dds", "d".repeat(400));
        let buf = [0u8; 16];
        let _reg = register(buf.as_ptr(), buf.len(), std::path::Path::new(&long));
        let mut path = [0u8; PATH_BYTES];
        let (n, _) = find(buf.as_ptr() as usize, &mut path).expect("inside");
        assert_eq!(n, PATH_BYTES);
        assert!(path[..n].ends_with(b"/seg-1.dds"));
    }

    #[test]
    fn decimal_digits() {
        let mut b = [0u8; 20];
        assert_eq!(decimal(0, &mut b), b"0");
        assert_eq!(decimal(4096, &mut b), b"4096");
        assert_eq!(decimal(usize::MAX, &mut b), usize::MAX.to_string().as_bytes());
    }
}
