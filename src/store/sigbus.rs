//! A segment is read through a memory map, so a page the disk cannot read (EIO) does not come
//! back as an error from a call: the kernel raises `SIGBUS` on the access. Without a handler
//! the process dies with "Bus error" and no word of which file. Every mapped segment registers
//! its address range and path here; [`report_unreadable_pages`] installs a handler that, for a
//! fault inside a registered range, prints the file and the offset that could not be read and
//! exits with status 1, as any other I/O error ends `dedupdb` and `ddtool`. A process never goes
//! on past a page it could not read, so it never answers from one.
//!
//! The handler may only call async-signal-safe functions: it takes no lock and allocates nothing.
//! Registrations live in a fixed table of slots, each guarded by a sequence number (odd while its
//! owner rewrites it), which the handler reads without waiting.

use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};

/// Mapped segments registered at once; beyond this a fault is still reported, without the name.
const SLOTS: usize = 1024;
/// Bytes of a path kept (its end, where the file name is).
const PATH_BYTES: usize = 240;

struct Slot {
    /// Even and nonzero: live; odd: being written; zero: free.
    seq: AtomicU64,
    start: AtomicUsize,
    len: AtomicUsize,
    path_len: AtomicUsize,
    path: [AtomicU8; PATH_BYTES],
}

#[allow(clippy::declare_interior_mutable_const)]
const FREE: Slot = Slot {
    seq: AtomicU64::new(0),
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
        // Claim a free slot: 0 -> 1 (odd: being written).
        if slot.seq.compare_exchange(0, 1, Ordering::Acquire, Ordering::Relaxed).is_err() {
            continue;
        }
        slot.start.store(start as usize, Ordering::Relaxed);
        slot.len.store(len, Ordering::Relaxed);
        for (d, &b) in slot.path.iter().zip(tail) {
            d.store(b, Ordering::Relaxed);
        }
        slot.path_len.store(tail.len(), Ordering::Relaxed);
        slot.seq.store(2, Ordering::Release);
        return Registration { slot: Some(i) };
    }
    Registration { slot: None }
}

impl Drop for Registration {
    fn drop(&mut self) {
        if let Some(i) = self.slot {
            TABLE[i].seq.store(0, Ordering::Release);
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
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = handler as *const () as usize;
                action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                libc::sigemptyset(&mut action.sa_mask);
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(libc::SIGBUS, &action, &mut old) == 0 {
                    PREVIOUS.store(Box::into_raw(Box::new(old)) as usize, Ordering::Release);
                }
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
        if seq == 0 || seq % 2 == 1 {
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
        if slot.seq.load(Ordering::Acquire) == seq {
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
    let addr = unsafe { (*info).si_addr() } as usize;
    let mut path = [0u8; PATH_BYTES];
    let Some((n, offset)) = find(addr, &mut path) else {
        // Not a segment's page: let the previous disposition take the fault when the access is
        // retried on return.
        let old = PREVIOUS.load(Ordering::Acquire) as *const libc::sigaction;
        // SAFETY: `old` is the disposition saved at install (never freed), or null.
        unsafe {
            if old.is_null() {
                let mut dfl: libc::sigaction = std::mem::zeroed();
                dfl.sa_sigaction = libc::SIG_DFL;
                libc::sigaction(sig, &dfl, std::ptr::null_mut());
            } else {
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
        b": I/O error on a mapped page (SIGBUS); the disk or file system failed to read it, nothing was answered from it\n",
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
