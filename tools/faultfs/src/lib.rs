//! `libddfaultfs.so`: an `LD_PRELOAD` library for dedupdb's reliability tests. Preloaded into
//! `dedupdb` or `ddtool`, it sees every file operation the process makes through libc (the
//! storage engine's own and sled's alike, with no test-only path in the engine) and can:
//!
//! - **record** them (`DDFAULT_LOG`): every creation, open, write, truncation, fsync, rename,
//!   unlink and mkdir under `DDFAULT_ROOT`, with the bytes written, in the order they took effect,
//!   into a log from which `tests/store/power_loss.rs` builds the images a power cut could leave;
//! - **fail reads** (`DDFAULT_EIO_FILE`, `DDFAULT_EIO_OFFSET`): a `read`/`pread` of the file whose
//!   path ends with `DDFAULT_EIO_FILE` that covers the offset returns `EIO`, and in a memory map of
//!   it the page holding the offset raises `SIGBUS` when touched, as the kernel does when a mapped
//!   page cannot be read from the disk.
//!
//! Operations on files under the root are serialised by one lock, so the log's order is the order
//! in which they happened. Nothing is recorded without `DDFAULT_ROOT`.
//!
//! ## The log
//!
//! A sequence of records, each `op: u8`, `len: u32` (little endian), then `len` bytes of payload.
//! Integers are little endian; a path is the rest of the payload (absolute, symlinks resolved).
//!
//! | op | name | payload |
//! |---|---|---|
//! | 1 | create | `ino: u64`, path: a new file (or directory opened with `O_CREAT`) |
//! | 2 | open | `ino: u64`, path: an existing file or directory |
//! | 3 | write | `ino: u64`, `offset: u64`, the bytes written |
//! | 4 | set length | `ino: u64`, `len: u64` (`ftruncate`, `O_TRUNC`, a growing `fallocate`) |
//! | 5 | fsync | `ino: u64` (`fsync` and `fdatasync` of a file) |
//! | 6 | directory fsync | path of the directory |
//! | 7 | rename | `old_len: u32`, old path, new path |
//! | 8 | unlink | path |
//! | 9 | mkdir | path |
//! | 10 | rmdir | path |
//! | 11 | sync all | (none): `sync`, `syncfs` |
//! | 12 | unmodelled | text: an operation the log cannot replay (a writable shared map, a hard link, `copy_file_range` into a file under the root) |
//! | 13 | unnamed | `ino: u64`: a file opened with `O_TMPFILE`, which has no name (writes to it are logged; linking it a name is unmodelled) |
//!
//! `sync_file_range` is let through unlogged: it flushes neither the file's metadata nor the
//! drive's cache, so a power cut may still lose what it wrote, as the log's model then assumes.
//!
//! The exported functions take the place of libc's. `open`, `openat` and `fcntl` are variadic in
//! C; they are declared here with the optional argument as a plain one, which the x86-64 and
//! AArch64 calling conventions pass in the same register (it is read only when the flags say it
//! was given).
#![allow(clippy::missing_safety_doc)]

use std::cell::Cell;
use std::collections::BTreeMap;
use std::ffi::{c_char, c_int, c_long, c_uint, c_void, CStr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

use libc::{iovec, mode_t, off64_t, off_t, size_t, ssize_t};

const CREATE: u8 = 1;
const OPEN: u8 = 2;
const WRITE: u8 = 3;
const SET_LEN: u8 = 4;
const FSYNC: u8 = 5;
const DIR_FSYNC: u8 = 6;
const RENAME: u8 = 7;
const UNLINK: u8 = 8;
const MKDIR: u8 = 9;
const RMDIR: u8 = 10;
const SYNC_ALL: u8 = 11;
const UNMODELLED: u8 = 12;
const UNNAMED: u8 = 13;

/// What the environment asked for, read once.
struct Config {
    /// The log's descriptor, when recording.
    log: Option<c_int>,
    /// Files under this directory are tracked (`/`-terminated).
    root: Vec<u8>,
    /// Reads of the file whose path ends so, at this offset, fail.
    eio: Option<(Vec<u8>, u64)>,
}

/// A descriptor of a file under the root.
#[derive(Clone)]
struct Tracked {
    ino: u64,
    path: Vec<u8>,
    dir: bool,
    eio: bool,
}

/// Descriptors under the root; held while a tracked operation runs and is logged.
static FDS: Mutex<BTreeMap<c_int, Tracked>> = Mutex::new(BTreeMap::new());
static CONFIG: OnceLock<Option<Config>> = OnceLock::new();

thread_local! {
    /// Inside a hook: the libc calls the hook itself makes go straight through.
    static BUSY: Cell<bool> = const { Cell::new(false) };
}

/// Marks this thread busy in a hook; `None` when it already is (or its thread-locals are gone).
struct Busy;

impl Busy {
    fn enter() -> Option<Busy> {
        match BUSY.try_with(|b| b.replace(true)) {
            Ok(false) => Some(Busy),
            Ok(true) => None,
            Err(_) => None,
        }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let _ = BUSY.try_with(|b| b.set(false));
    }
}

/// The next definition of a libc function (libc's own), looked up once.
macro_rules! real {
    ($name:literal, $ty:ty) => {{
        static ADDR: AtomicUsize = AtomicUsize::new(0);
        let mut a = ADDR.load(Ordering::Relaxed);
        if a == 0 {
            a = libc::dlsym(libc::RTLD_NEXT, concat!($name, "\0").as_ptr().cast()) as usize;
            if a == 0 {
                let msg = concat!("ddfaultfs: libc has no ", $name, "\n");
                libc::syscall(libc::SYS_write, 2, msg.as_ptr(), msg.len());
                libc::abort();
            }
            ADDR.store(a, Ordering::Relaxed);
        }
        std::mem::transmute::<usize, $ty>(a)
    }};
}

fn env_bytes(name: &CStr) -> Option<Vec<u8>> {
    // SAFETY: getenv's result is a NUL-terminated string or null.
    let p = unsafe { libc::getenv(name.as_ptr()) };
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_bytes().to_vec()).filter(|v| !v.is_empty())
}

fn config() -> Option<&'static Config> {
    CONFIG.get_or_init(load_config).as_ref()
}

fn load_config() -> Option<Config> {
    let root = env_bytes(c"DDFAULT_ROOT")?;
    let mut root = canonical(&root).unwrap_or(root);
    if !root.ends_with(b"/") {
        root.push(b'/');
    }
    let log = env_bytes(c"DDFAULT_LOG").map(|p| {
        let c = cstring(&p);
        let flags = libc::O_WRONLY | libc::O_CREAT | libc::O_APPEND | libc::O_CLOEXEC;
        // SAFETY: a raw openat of a NUL-terminated path; not through the hooks.
        let fd = unsafe { libc::syscall(libc::SYS_openat, libc::AT_FDCWD, c.as_ptr(), flags, 0o644) } as c_int;
        if fd < 0 {
            let msg = b"ddfaultfs: cannot open DDFAULT_LOG\n";
            unsafe { libc::syscall(libc::SYS_write, 2, msg.as_ptr(), msg.len()) };
            unsafe { libc::abort() };
        }
        fd
    });
    let eio = env_bytes(c"DDFAULT_EIO_FILE").map(|f| {
        let off = env_bytes(c"DDFAULT_EIO_OFFSET")
            .and_then(|o| std::str::from_utf8(&o).ok().and_then(|s| s.parse().ok()))
            .unwrap_or(0);
        (f, off)
    });
    Some(Config { log, root, eio })
}

fn cstring(bytes: &[u8]) -> Vec<u8> {
    let mut v = bytes.to_vec();
    v.push(0);
    v
}

/// `realpath` of an existing path.
fn canonical(path: &[u8]) -> Option<Vec<u8>> {
    let c = cstring(path);
    let mut buf = vec![0u8; libc::PATH_MAX as usize + 1];
    // SAFETY: buf holds PATH_MAX bytes and a NUL.
    let r = unsafe { libc::realpath(c.as_ptr().cast(), buf.as_mut_ptr().cast()) };
    if r.is_null() {
        return None;
    }
    let n = buf.iter().position(|&b| b == 0)?;
    buf.truncate(n);
    Some(buf)
}

/// The path a descriptor names now.
fn fd_path(fd: c_int) -> Option<Vec<u8>> {
    let link = cstring(format!("/proc/self/fd/{fd}").as_bytes());
    let mut buf = vec![0u8; libc::PATH_MAX as usize];
    // SAFETY: readlink writes at most buf.len() bytes.
    let n = unsafe { libc::readlink(link.as_ptr().cast(), buf.as_mut_ptr().cast(), buf.len()) };
    if n <= 0 {
        return None;
    }
    buf.truncate(n as usize);
    Some(buf)
}

/// An absolute path for `path` relative to `dirfd`, its directory resolved (the last component
/// may not exist yet, or any more).
unsafe fn abs_path(dirfd: c_int, path: *const c_char) -> Option<Vec<u8>> {
    if path.is_null() {
        return None;
    }
    let p = CStr::from_ptr(path).to_bytes();
    let joined = if p.starts_with(b"/") {
        p.to_vec()
    } else {
        let mut base = if dirfd == libc::AT_FDCWD {
            let mut buf = vec![0u8; libc::PATH_MAX as usize];
            if libc::getcwd(buf.as_mut_ptr().cast(), buf.len()).is_null() {
                return None;
            }
            let n = buf.iter().position(|&b| b == 0)?;
            buf.truncate(n);
            buf
        } else {
            fd_path(dirfd)?
        };
        base.push(b'/');
        base.extend_from_slice(p);
        base
    };
    let trimmed: &[u8] = {
        let mut j = &joined[..];
        while j.len() > 1 && j.ends_with(b"/") {
            j = &j[..j.len() - 1];
        }
        j
    };
    let cut = trimmed.iter().rposition(|&b| b == b'/')?;
    let (dir, name) = (&trimmed[..cut.max(1)], &trimmed[cut + 1..]);
    let mut out = canonical(dir).unwrap_or_else(|| dir.to_vec());
    if !out.ends_with(b"/") {
        out.push(b'/');
    }
    out.extend_from_slice(name);
    Some(out)
}

fn under_root(cfg: &Config, path: &[u8]) -> bool {
    path.starts_with(&cfg.root) || path == &cfg.root[..cfg.root.len() - 1]
}

fn fds() -> MutexGuard<'static, BTreeMap<c_int, Tracked>> {
    FDS.lock().unwrap_or_else(|e| e.into_inner())
}

/// The tracked file behind `fd`, if it still is one: a descriptor can be closed where no hook
/// sees it (glibc's `closedir` closes internally) and its number reused for another file or a
/// socket, so the entry counts only while the descriptor still names the same inode.
fn tracked(table: &mut BTreeMap<c_int, Tracked>, fd: c_int) -> Option<Tracked> {
    let t = table.get(&fd)?.clone();
    // SAFETY: fstat of a descriptor number; a closed one fails.
    match unsafe { fstat_of(fd) } {
        Some(st) if st.st_ino == t.ino => Some(t),
        _ => {
            table.remove(&fd);
            None
        }
    }
}

/// Appends one record to the log (the caller holds [`FDS`]).
fn record(cfg: &Config, op: u8, parts: &[&[u8]]) {
    let Some(fd) = cfg.log else { return };
    let len: usize = parts.iter().map(|p| p.len()).sum();
    let mut rec = Vec::with_capacity(5 + len);
    rec.push(op);
    rec.extend_from_slice(&(len as u32).to_le_bytes());
    for p in parts {
        rec.extend_from_slice(p);
    }
    let mut done = 0;
    while done < rec.len() {
        // SAFETY: a raw write of our own buffer to the log.
        let n = unsafe { libc::syscall(libc::SYS_write, fd, rec[done..].as_ptr(), rec.len() - done) };
        if n <= 0 {
            let msg = b"ddfaultfs: cannot write the log\n";
            unsafe { libc::syscall(libc::SYS_write, 2, msg.as_ptr(), msg.len()) };
            unsafe { libc::abort() };
        }
        done += n as usize;
    }
}

fn set_errno(e: c_int) {
    // SAFETY: this thread's errno.
    unsafe { *libc::__errno_location() = e };
}

unsafe fn fstat_of(fd: c_int) -> Option<libc::stat64> {
    let mut st: libc::stat64 = std::mem::zeroed();
    (libc::fstat64(fd, &mut st) == 0).then_some(st)
}

// ---- opening ----

type OpenAt = unsafe extern "C" fn(c_int, *const c_char, c_int, ...) -> c_int;
type Open = unsafe extern "C" fn(*const c_char, c_int, ...) -> c_int;

/// Runs an open, and tracks the descriptor when the file is under the root.
unsafe fn tracked_open(dirfd: c_int, path: *const c_char, flags: c_int, call: impl FnOnce() -> c_int) -> c_int {
    let Some(_busy) = Busy::enter() else { return call() };
    let Some(cfg) = config() else { return call() };
    let forget = |fd: c_int| {
        if fd >= 0 {
            fds().remove(&fd);
        }
        fd
    };
    let Some(abs) = abs_path(dirfd, path) else { return forget(call()) };
    if !under_root(cfg, &abs) {
        return forget(call());
    }
    let mut table = fds();
    let mut st: libc::stat64 = std::mem::zeroed();
    let existed = libc::fstatat64(libc::AT_FDCWD, cstring(&abs).as_ptr().cast(), &mut st, 0) == 0;
    let fd = call();
    if fd < 0 {
        return fd;
    }
    let Some(st) = fstat_of(fd) else { return fd };
    let dir = st.st_mode & libc::S_IFMT == libc::S_IFDIR;
    let path = fd_path(fd).unwrap_or(abs);
    let ino = st.st_ino.to_le_bytes();
    if flags & libc::O_TMPFILE == libc::O_TMPFILE {
        record(cfg, UNNAMED, &[&ino]);
    } else if !existed {
        record(cfg, CREATE, &[&ino, &path]);
    } else {
        record(cfg, OPEN, &[&ino, &path]);
        if flags & libc::O_TRUNC != 0 && !dir {
            record(cfg, SET_LEN, &[&ino, &0u64.to_le_bytes()]);
        }
    }
    let eio = cfg.eio.as_ref().is_some_and(|(suffix, _)| path.ends_with(suffix));
    table.insert(fd, Tracked { ino: st.st_ino, path, dir, eio });
    fd
}

#[no_mangle]
pub unsafe extern "C" fn open(path: *const c_char, flags: c_int, mode: c_uint) -> c_int {
    let f = real!("open", Open);
    tracked_open(libc::AT_FDCWD, path, flags, || f(path, flags, mode))
}

#[no_mangle]
pub unsafe extern "C" fn open64(path: *const c_char, flags: c_int, mode: c_uint) -> c_int {
    let f = real!("open64", Open);
    tracked_open(libc::AT_FDCWD, path, flags, || f(path, flags, mode))
}

#[no_mangle]
pub unsafe extern "C" fn openat(dirfd: c_int, path: *const c_char, flags: c_int, mode: c_uint) -> c_int {
    let f = real!("openat", OpenAt);
    tracked_open(dirfd, path, flags, || f(dirfd, path, flags, mode))
}

#[no_mangle]
pub unsafe extern "C" fn openat64(dirfd: c_int, path: *const c_char, flags: c_int, mode: c_uint) -> c_int {
    let f = real!("openat64", OpenAt);
    tracked_open(dirfd, path, flags, || f(dirfd, path, flags, mode))
}

#[no_mangle]
pub unsafe extern "C" fn creat(path: *const c_char, mode: mode_t) -> c_int {
    open(path, libc::O_CREAT | libc::O_WRONLY | libc::O_TRUNC, mode)
}

#[no_mangle]
pub unsafe extern "C" fn creat64(path: *const c_char, mode: mode_t) -> c_int {
    open64(path, libc::O_CREAT | libc::O_WRONLY | libc::O_TRUNC, mode)
}

#[no_mangle]
pub unsafe extern "C" fn close(fd: c_int) -> c_int {
    let f = real!("close", unsafe extern "C" fn(c_int) -> c_int);
    if let Some(_busy) = Busy::enter() {
        if config().is_some() {
            fds().remove(&fd);
        }
    }
    f(fd)
}

/// Tracks `new` as a copy of `old` (dup, dup2, fcntl's F_DUPFD).
fn dup_tracked(old: c_int, new: c_int) {
    if new < 0 || config().is_none() {
        return;
    }
    let mut table = fds();
    match tracked(&mut table, old) {
        Some(t) => table.insert(new, t),
        None => table.remove(&new),
    };
}

#[no_mangle]
pub unsafe extern "C" fn dup(fd: c_int) -> c_int {
    let f = real!("dup", unsafe extern "C" fn(c_int) -> c_int);
    let r = f(fd);
    if let Some(_busy) = Busy::enter() {
        dup_tracked(fd, r);
    }
    r
}

#[no_mangle]
pub unsafe extern "C" fn dup2(fd: c_int, new: c_int) -> c_int {
    let f = real!("dup2", unsafe extern "C" fn(c_int, c_int) -> c_int);
    let r = f(fd, new);
    if let Some(_busy) = Busy::enter() {
        dup_tracked(fd, r);
    }
    r
}

#[no_mangle]
pub unsafe extern "C" fn dup3(fd: c_int, new: c_int, flags: c_int) -> c_int {
    let f = real!("dup3", unsafe extern "C" fn(c_int, c_int, c_int) -> c_int);
    let r = f(fd, new, flags);
    if let Some(_busy) = Busy::enter() {
        dup_tracked(fd, r);
    }
    r
}

/// Tracks what an `fcntl` duplicated (F_DUPFD); returns its result.
fn after_fcntl(fd: c_int, cmd: c_int, r: c_int) -> c_int {
    if matches!(cmd, libc::F_DUPFD | libc::F_DUPFD_CLOEXEC) {
        if let Some(_busy) = Busy::enter() {
            dup_tracked(fd, r);
        }
    }
    r
}

#[no_mangle]
pub unsafe extern "C" fn fcntl(fd: c_int, cmd: c_int, arg: c_long) -> c_int {
    let f = real!("fcntl", unsafe extern "C" fn(c_int, c_int, ...) -> c_int);
    after_fcntl(fd, cmd, f(fd, cmd, arg))
}

#[no_mangle]
pub unsafe extern "C" fn fcntl64(fd: c_int, cmd: c_int, arg: c_long) -> c_int {
    let f = real!("fcntl64", unsafe extern "C" fn(c_int, c_int, ...) -> c_int);
    after_fcntl(fd, cmd, f(fd, cmd, arg))
}

// ---- writing ----

/// Runs a write-like call on `fd`; when the file is tracked, under the lock, and logs what it
/// wrote. `offset`: where the write lands (None: the file position, or the end with O_APPEND).
unsafe fn tracked_write(
    fd: c_int,
    offset: Option<u64>,
    data: impl Fn(usize) -> Vec<u8>,
    call: impl FnOnce() -> ssize_t,
) -> ssize_t {
    let Some(_busy) = Busy::enter() else { return call() };
    let Some(cfg) = config() else { return call() };
    let mut table = fds();
    let Some(t) = tracked(&mut table, fd).filter(|t| !t.dir) else {
        drop(table);
        return call();
    };
    let at = match offset {
        Some(o) => o,
        None if libc::fcntl(fd, libc::F_GETFL) & libc::O_APPEND != 0 => fstat_of(fd).map_or(0, |s| s.st_size as u64),
        None => libc::lseek64(fd, 0, libc::SEEK_CUR).max(0) as u64,
    };
    let n = call();
    if n > 0 {
        record(cfg, WRITE, &[&t.ino.to_le_bytes(), &at.to_le_bytes(), &data(n as usize)]);
    }
    drop(table);
    n
}

unsafe fn gather(iov: *const iovec, cnt: c_int, n: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n);
    for i in 0..cnt.max(0) as usize {
        let v = &*iov.add(i);
        let take = v.iov_len.min(n - out.len());
        out.extend_from_slice(std::slice::from_raw_parts(v.iov_base as *const u8, take));
        if out.len() == n {
            break;
        }
    }
    out
}

/// The first `n` bytes the caller handed a write (the `n` it wrote).
unsafe fn written(buf: *const c_void) -> impl Fn(usize) -> Vec<u8> {
    move |n| std::slice::from_raw_parts(buf as *const u8, n).to_vec()
}

#[no_mangle]
pub unsafe extern "C" fn write(fd: c_int, buf: *const c_void, count: size_t) -> ssize_t {
    let f = real!("write", unsafe extern "C" fn(c_int, *const c_void, size_t) -> ssize_t);
    tracked_write(fd, None, written(buf), || f(fd, buf, count))
}

#[no_mangle]
pub unsafe extern "C" fn pwrite(fd: c_int, buf: *const c_void, count: size_t, off: off_t) -> ssize_t {
    let f = real!("pwrite", unsafe extern "C" fn(c_int, *const c_void, size_t, off_t) -> ssize_t);
    tracked_write(fd, Some(off as u64), written(buf), || f(fd, buf, count, off))
}

#[no_mangle]
pub unsafe extern "C" fn pwrite64(fd: c_int, buf: *const c_void, count: size_t, off: off64_t) -> ssize_t {
    let f = real!("pwrite64", unsafe extern "C" fn(c_int, *const c_void, size_t, off64_t) -> ssize_t);
    tracked_write(fd, Some(off as u64), written(buf), || f(fd, buf, count, off))
}

#[no_mangle]
pub unsafe extern "C" fn writev(fd: c_int, iov: *const iovec, cnt: c_int) -> ssize_t {
    let f = real!("writev", unsafe extern "C" fn(c_int, *const iovec, c_int) -> ssize_t);
    tracked_write(fd, None, |n| gather(iov, cnt, n), || f(fd, iov, cnt))
}

#[no_mangle]
pub unsafe extern "C" fn pwritev(fd: c_int, iov: *const iovec, cnt: c_int, off: off_t) -> ssize_t {
    let f = real!("pwritev", unsafe extern "C" fn(c_int, *const iovec, c_int, off_t) -> ssize_t);
    tracked_write(fd, Some(off as u64), |n| gather(iov, cnt, n), || f(fd, iov, cnt, off))
}

#[no_mangle]
pub unsafe extern "C" fn pwritev64(fd: c_int, iov: *const iovec, cnt: c_int, off: off64_t) -> ssize_t {
    let f = real!("pwritev64", unsafe extern "C" fn(c_int, *const iovec, c_int, off64_t) -> ssize_t);
    tracked_write(fd, Some(off as u64), |n| gather(iov, cnt, n), || f(fd, iov, cnt, off))
}

/// Runs a length-changing call; logs the new length when the file is tracked and it changed.
unsafe fn tracked_len(fd: c_int, call: impl FnOnce() -> c_int, ok: impl Fn(c_int) -> bool) -> c_int {
    let Some(_busy) = Busy::enter() else { return call() };
    let Some(cfg) = config() else { return call() };
    let mut table = fds();
    let Some(t) = tracked(&mut table, fd).filter(|t| !t.dir) else {
        drop(table);
        return call();
    };
    let before = fstat_of(fd).map(|s| s.st_size);
    let r = call();
    if ok(r) {
        if let Some(after) = fstat_of(fd).map(|s| s.st_size) {
            if Some(after) != before {
                record(cfg, SET_LEN, &[&t.ino.to_le_bytes(), &(after as u64).to_le_bytes()]);
            }
        }
    }
    drop(table);
    r
}

#[no_mangle]
pub unsafe extern "C" fn ftruncate(fd: c_int, len: off_t) -> c_int {
    let f = real!("ftruncate", unsafe extern "C" fn(c_int, off_t) -> c_int);
    tracked_len(fd, || f(fd, len), |r| r == 0)
}

#[no_mangle]
pub unsafe extern "C" fn ftruncate64(fd: c_int, len: off64_t) -> c_int {
    let f = real!("ftruncate64", unsafe extern "C" fn(c_int, off64_t) -> c_int);
    tracked_len(fd, || f(fd, len), |r| r == 0)
}

#[no_mangle]
pub unsafe extern "C" fn fallocate(fd: c_int, mode: c_int, off: off_t, len: off_t) -> c_int {
    let f = real!("fallocate", unsafe extern "C" fn(c_int, c_int, off_t, off_t) -> c_int);
    tracked_len(fd, || f(fd, mode, off, len), |r| r == 0)
}

#[no_mangle]
pub unsafe extern "C" fn fallocate64(fd: c_int, mode: c_int, off: off64_t, len: off64_t) -> c_int {
    let f = real!("fallocate64", unsafe extern "C" fn(c_int, c_int, off64_t, off64_t) -> c_int);
    tracked_len(fd, || f(fd, mode, off, len), |r| r == 0)
}

#[no_mangle]
pub unsafe extern "C" fn posix_fallocate(fd: c_int, off: off_t, len: off_t) -> c_int {
    let f = real!("posix_fallocate", unsafe extern "C" fn(c_int, off_t, off_t) -> c_int);
    tracked_len(fd, || f(fd, off, len), |r| r == 0)
}

#[no_mangle]
pub unsafe extern "C" fn posix_fallocate64(fd: c_int, off: off64_t, len: off64_t) -> c_int {
    let f = real!("posix_fallocate64", unsafe extern "C" fn(c_int, off64_t, off64_t) -> c_int);
    tracked_len(fd, || f(fd, off, len), |r| r == 0)
}

// ---- durability ----

unsafe fn tracked_sync(fd: c_int, call: impl FnOnce() -> c_int) -> c_int {
    let Some(_busy) = Busy::enter() else { return call() };
    let Some(cfg) = config() else { return call() };
    let mut table = fds();
    let Some(t) = tracked(&mut table, fd) else {
        drop(table);
        return call();
    };
    let r = call();
    if r == 0 {
        if t.dir {
            record(cfg, DIR_FSYNC, &[&t.path]);
        } else {
            record(cfg, FSYNC, &[&t.ino.to_le_bytes()]);
        }
    }
    drop(table);
    r
}

#[no_mangle]
pub unsafe extern "C" fn fsync(fd: c_int) -> c_int {
    let f = real!("fsync", unsafe extern "C" fn(c_int) -> c_int);
    tracked_sync(fd, || f(fd))
}

#[no_mangle]
pub unsafe extern "C" fn fdatasync(fd: c_int) -> c_int {
    let f = real!("fdatasync", unsafe extern "C" fn(c_int) -> c_int);
    tracked_sync(fd, || f(fd))
}

/// Runs a whole-system sync under the lock (no tracked operation lands between the sync and
/// its record, which would count as durable without being so), and logs it when it succeeded.
unsafe fn sync_all_logged(call: impl FnOnce() -> c_int) -> c_int {
    let Some(_busy) = Busy::enter() else { return call() };
    let Some(cfg) = config() else { return call() };
    let table = fds();
    let r = call();
    if r == 0 {
        record(cfg, SYNC_ALL, &[]);
    }
    drop(table);
    r
}

#[no_mangle]
pub unsafe extern "C" fn sync() {
    let f = real!("sync", unsafe extern "C" fn());
    sync_all_logged(|| {
        f();
        0
    });
}

#[no_mangle]
pub unsafe extern "C" fn syncfs(fd: c_int) -> c_int {
    let f = real!("syncfs", unsafe extern "C" fn(c_int) -> c_int);
    sync_all_logged(|| f(fd))
}

// ---- the namespace ----

/// Runs a call that changes names; logs it when a path is under the root.
unsafe fn tracked_names(paths: &[Option<Vec<u8>>], op: u8, call: impl FnOnce() -> c_int) -> c_int {
    let Some(cfg) = config() else { return call() };
    if !paths.iter().flatten().any(|p| under_root(cfg, p)) {
        return call();
    }
    let table = fds();
    let r = call();
    if r == 0 {
        match (op, paths) {
            (RENAME, [Some(old), Some(new)]) => {
                record(cfg, RENAME, &[&(old.len() as u32).to_le_bytes(), old, new]);
            }
            (_, [Some(p)]) => record(cfg, op, &[p]),
            _ => record(cfg, UNMODELLED, &[b"a name change with an unreadable path"]),
        }
    }
    drop(table);
    r
}

#[no_mangle]
pub unsafe extern "C" fn rename(old: *const c_char, new: *const c_char) -> c_int {
    let f = real!("rename", unsafe extern "C" fn(*const c_char, *const c_char) -> c_int);
    let Some(_busy) = Busy::enter() else { return f(old, new) };
    let paths = [abs_path(libc::AT_FDCWD, old), abs_path(libc::AT_FDCWD, new)];
    tracked_names(&paths, RENAME, || f(old, new))
}

#[no_mangle]
pub unsafe extern "C" fn renameat(od: c_int, old: *const c_char, nd: c_int, new: *const c_char) -> c_int {
    let f = real!("renameat", unsafe extern "C" fn(c_int, *const c_char, c_int, *const c_char) -> c_int);
    let Some(_busy) = Busy::enter() else { return f(od, old, nd, new) };
    let paths = [abs_path(od, old), abs_path(nd, new)];
    tracked_names(&paths, RENAME, || f(od, old, nd, new))
}

#[no_mangle]
pub unsafe extern "C" fn renameat2(
    od: c_int,
    old: *const c_char,
    nd: c_int,
    new: *const c_char,
    flags: c_uint,
) -> c_int {
    let f = real!("renameat2", unsafe extern "C" fn(c_int, *const c_char, c_int, *const c_char, c_uint) -> c_int);
    let Some(_busy) = Busy::enter() else { return f(od, old, nd, new, flags) };
    let paths = [abs_path(od, old), abs_path(nd, new)];
    if flags & libc::RENAME_EXCHANGE != 0 {
        if let Some(cfg) = config() {
            if paths.iter().flatten().any(|p| under_root(cfg, p)) {
                let table = fds();
                record(cfg, UNMODELLED, &[b"RENAME_EXCHANGE"]);
                drop(table);
            }
        }
        return f(od, old, nd, new, flags);
    }
    tracked_names(&paths, RENAME, || f(od, old, nd, new, flags))
}

#[no_mangle]
pub unsafe extern "C" fn unlink(path: *const c_char) -> c_int {
    let f = real!("unlink", unsafe extern "C" fn(*const c_char) -> c_int);
    let Some(_busy) = Busy::enter() else { return f(path) };
    tracked_names(&[abs_path(libc::AT_FDCWD, path)], UNLINK, || f(path))
}

#[no_mangle]
pub unsafe extern "C" fn unlinkat(dirfd: c_int, path: *const c_char, flags: c_int) -> c_int {
    let f = real!("unlinkat", unsafe extern "C" fn(c_int, *const c_char, c_int) -> c_int);
    let Some(_busy) = Busy::enter() else { return f(dirfd, path, flags) };
    let op = if flags & libc::AT_REMOVEDIR != 0 { RMDIR } else { UNLINK };
    tracked_names(&[abs_path(dirfd, path)], op, || f(dirfd, path, flags))
}

#[no_mangle]
pub unsafe extern "C" fn rmdir(path: *const c_char) -> c_int {
    let f = real!("rmdir", unsafe extern "C" fn(*const c_char) -> c_int);
    let Some(_busy) = Busy::enter() else { return f(path) };
    tracked_names(&[abs_path(libc::AT_FDCWD, path)], RMDIR, || f(path))
}

#[no_mangle]
pub unsafe extern "C" fn mkdir(path: *const c_char, mode: mode_t) -> c_int {
    let f = real!("mkdir", unsafe extern "C" fn(*const c_char, mode_t) -> c_int);
    let Some(_busy) = Busy::enter() else { return f(path, mode) };
    tracked_names(&[abs_path(libc::AT_FDCWD, path)], MKDIR, || f(path, mode))
}

#[no_mangle]
pub unsafe extern "C" fn mkdirat(dirfd: c_int, path: *const c_char, mode: mode_t) -> c_int {
    let f = real!("mkdirat", unsafe extern "C" fn(c_int, *const c_char, mode_t) -> c_int);
    let Some(_busy) = Busy::enter() else { return f(dirfd, path, mode) };
    tracked_names(&[abs_path(dirfd, path)], MKDIR, || f(dirfd, path, mode))
}

unsafe fn unmodelled_if_under_root(paths: &[Option<Vec<u8>>], what: &[u8]) {
    if let Some(cfg) = config() {
        if paths.iter().flatten().any(|p| under_root(cfg, p)) {
            let table = fds();
            record(cfg, UNMODELLED, &[what]);
            drop(table);
        }
    }
}

#[no_mangle]
pub unsafe extern "C" fn link(old: *const c_char, new: *const c_char) -> c_int {
    let f = real!("link", unsafe extern "C" fn(*const c_char, *const c_char) -> c_int);
    if let Some(_busy) = Busy::enter() {
        unmodelled_if_under_root(&[abs_path(libc::AT_FDCWD, old), abs_path(libc::AT_FDCWD, new)], b"link");
    }
    f(old, new)
}

#[no_mangle]
pub unsafe extern "C" fn linkat(od: c_int, old: *const c_char, nd: c_int, new: *const c_char, flags: c_int) -> c_int {
    let f = real!("linkat", unsafe extern "C" fn(c_int, *const c_char, c_int, *const c_char, c_int) -> c_int);
    if let Some(_busy) = Busy::enter() {
        unmodelled_if_under_root(&[abs_path(od, old), abs_path(nd, new)], b"linkat");
    }
    f(od, old, nd, new, flags)
}

#[no_mangle]
pub unsafe extern "C" fn copy_file_range(
    fd_in: c_int,
    off_in: *mut off64_t,
    fd_out: c_int,
    off_out: *mut off64_t,
    len: size_t,
    flags: c_uint,
) -> ssize_t {
    let f = real!(
        "copy_file_range",
        unsafe extern "C" fn(c_int, *mut off64_t, c_int, *mut off64_t, size_t, c_uint) -> ssize_t
    );
    if let Some(_busy) = Busy::enter() {
        if let Some(cfg) = config() {
            let table = fds();
            if table.contains_key(&fd_out) {
                record(cfg, UNMODELLED, &[b"copy_file_range"]);
            }
        }
    }
    f(fd_in, off_in, fd_out, off_out, len, flags)
}

// ---- reading: injected faults ----

/// The failing offset when `fd` is the file reads of `lo..hi` must fail in.
fn eio_hit(fd: c_int, lo: u64, hi: u64) -> bool {
    let Some(cfg) = config() else { return false };
    let Some((_, off)) = &cfg.eio else { return false };
    let hit = tracked(&mut fds(), fd).is_some_and(|t| t.eio);
    hit && lo <= *off && *off < hi.max(lo + 1)
}

unsafe fn file_pos(fd: c_int) -> u64 {
    libc::lseek64(fd, 0, libc::SEEK_CUR).max(0) as u64
}

/// Whether a read of `len` bytes of `fd` (at `at`, or its file position) must fail; sets errno
/// to EIO when it must.
unsafe fn read_fails(fd: c_int, at: Option<u64>, len: u64) -> bool {
    let Some(_busy) = Busy::enter() else { return false };
    let from = at.unwrap_or_else(|| file_pos(fd));
    let hit = eio_hit(fd, from, from + len);
    if hit {
        set_errno(libc::EIO);
    }
    hit
}

#[no_mangle]
pub unsafe extern "C" fn read(fd: c_int, buf: *mut c_void, count: size_t) -> ssize_t {
    let f = real!("read", unsafe extern "C" fn(c_int, *mut c_void, size_t) -> ssize_t);
    if read_fails(fd, None, count as u64) {
        return -1;
    }
    f(fd, buf, count)
}

#[no_mangle]
pub unsafe extern "C" fn pread(fd: c_int, buf: *mut c_void, count: size_t, off: off_t) -> ssize_t {
    let f = real!("pread", unsafe extern "C" fn(c_int, *mut c_void, size_t, off_t) -> ssize_t);
    if read_fails(fd, Some(off as u64), count as u64) {
        return -1;
    }
    f(fd, buf, count, off)
}

#[no_mangle]
pub unsafe extern "C" fn pread64(fd: c_int, buf: *mut c_void, count: size_t, off: off64_t) -> ssize_t {
    let f = real!("pread64", unsafe extern "C" fn(c_int, *mut c_void, size_t, off64_t) -> ssize_t);
    if read_fails(fd, Some(off as u64), count as u64) {
        return -1;
    }
    f(fd, buf, count, off)
}

#[no_mangle]
pub unsafe extern "C" fn readv(fd: c_int, iov: *const iovec, cnt: c_int) -> ssize_t {
    let f = real!("readv", unsafe extern "C" fn(c_int, *const iovec, c_int) -> ssize_t);
    let total: u64 = (0..cnt.max(0) as usize).map(|i| (*iov.add(i)).iov_len as u64).sum();
    if read_fails(fd, None, total) {
        return -1;
    }
    f(fd, iov, cnt)
}

/// After a map of a tracked file: a writable shared map is noted (its writes are not logged);
/// the page of the failing offset, when mapped, is replaced by a page of an empty file, which
/// raises SIGBUS when touched.
unsafe fn after_mmap(addr: *mut c_void, len: size_t, prot: c_int, flags: c_int, fd: c_int, off: u64) {
    let Some(cfg) = config() else { return };
    let mut table = fds();
    let Some(t) = tracked(&mut table, fd) else { return };
    if prot & libc::PROT_WRITE != 0 && flags & libc::MAP_SHARED != 0 {
        record(cfg, UNMODELLED, &[b"a writable shared map of ", &t.path]);
    }
    drop(table);
    let Some((_, eio)) = &cfg.eio else { return };
    let page = (*eio / 4096) * 4096;
    if !t.eio || page < off || page >= off + len as u64 {
        return;
    }
    let memfd = libc::memfd_create(c"ddfaultfs-eio".as_ptr(), libc::MFD_CLOEXEC);
    if memfd < 0 {
        return;
    }
    let target = (addr as *mut u8).add((page - off) as usize) as *mut c_void;
    let mmap = real!("mmap64", unsafe extern "C" fn(*mut c_void, size_t, c_int, c_int, c_int, off64_t) -> *mut c_void);
    mmap(target, 4096, libc::PROT_READ, libc::MAP_SHARED | libc::MAP_FIXED, memfd, 0);
    let close = real!("close", unsafe extern "C" fn(c_int) -> c_int);
    close(memfd);
}

#[no_mangle]
pub unsafe extern "C" fn mmap(
    addr: *mut c_void,
    len: size_t,
    prot: c_int,
    flags: c_int,
    fd: c_int,
    off: off_t,
) -> *mut c_void {
    let f = real!("mmap", unsafe extern "C" fn(*mut c_void, size_t, c_int, c_int, c_int, off_t) -> *mut c_void);
    let r = f(addr, len, prot, flags, fd, off);
    if r != libc::MAP_FAILED && fd >= 0 {
        if let Some(_busy) = Busy::enter() {
            after_mmap(r, len, prot, flags, fd, off as u64);
        }
    }
    r
}

#[no_mangle]
pub unsafe extern "C" fn mmap64(
    addr: *mut c_void,
    len: size_t,
    prot: c_int,
    flags: c_int,
    fd: c_int,
    off: off64_t,
) -> *mut c_void {
    let f = real!("mmap64", unsafe extern "C" fn(*mut c_void, size_t, c_int, c_int, c_int, off64_t) -> *mut c_void);
    let r = f(addr, len, prot, flags, fd, off);
    if r != libc::MAP_FAILED && fd >= 0 {
        if let Some(_busy) = Busy::enter() {
            after_mmap(r, len, prot, flags, fd, off as u64);
        }
    }
    r
}
