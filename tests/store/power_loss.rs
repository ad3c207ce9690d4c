//! Power loss: what a file system may keep when the power goes, not only what a killed process
//! leaves. `dedupdb ingest` and `ddtool compact` run with `libddfaultfs.so` preloaded
//! (tools/faultfs), which records every file operation under the test's directory, with the
//! bytes written, in the order they happened. From the recording the test builds the images a
//! crash could leave just before and just after every fsync, directory fsync and rename, under
//! this model:
//!
//! - a file's writes and length changes are durable once an fsync of that file (or a `sync`)
//!   follows them. Of the later ones, each 512-byte sector they touched holds what it held after
//!   some prefix of them (none, all, or a point between: sectors reach the disk whole but in any
//!   order), and the file's length is its length after some prefix of them (where it grew past
//!   what its sectors kept, zeros);
//! - a change of names (create, rename, unlink, mkdir, rmdir) is durable once an fsync of each
//!   directory it changes (or a `sync`) follows it. Of the later ones, a draw keeps those before
//!   a random point (a journal's order) or each one or not (what POSIX allows); a name whose
//!   directory's own name was lost is lost with it;
//! - a run's images start from the earlier runs' state as a power cut would have left it: what
//!   they never synced may be lost too.
//!
//! Each image then opens, verifies clean (before and after the writer's recovery) and holds every
//! page the report had acknowledged when the power went, under the doc id it gave, and no URL
//! twice; its catalog holds every site id its pages carry. An image from before the manifest existed must hold no acknowledged page, and a new
//! index can be made in it.
//!
//! Three images per crash point (none of the unsynced data, all of it, and a random draw), more
//! with `DEDUPDB_POWER_IMAGES=N` random draws a point (`scripts/power-loss.sh` runs thousands;
//! `DEDUPDB_TEST_SEED` replays one; `DEDUPDB_POWER_DEBUG=K` prints a run's first K operations).

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::process::Command;

use dedupdb::Db;

use crate::common_store::{self, crawl, read_report, s, seed, verdict, Crawl, Rng, INSERTED};

/// One operation of the recording, resolved to the file (node) it acted on. Paths are relative
/// to the recorded root.
#[derive(Debug, Clone)]
enum Op {
    /// A new file at this path.
    Create {
        path: Vec<u8>,
        node: usize,
    },
    Write {
        node: usize,
        offset: u64,
        data: Vec<u8>,
    },
    SetLen {
        node: usize,
        len: u64,
    },
    Fsync {
        node: usize,
    },
    /// An fsync of this directory ("" is the root).
    DirSync {
        path: Vec<u8>,
    },
    Rename {
        old: Vec<u8>,
        new: Vec<u8>,
    },
    Unlink {
        path: Vec<u8>,
    },
    Mkdir {
        path: Vec<u8>,
    },
    Rmdir {
        path: Vec<u8>,
    },
    SyncAll,
}

impl Op {
    /// A change of names.
    fn is_name(&self) -> bool {
        matches!(self, Op::Create { .. } | Op::Rename { .. } | Op::Unlink { .. } | Op::Mkdir { .. } | Op::Rmdir { .. })
    }

    /// A point where the test cuts the power, just before and just after.
    fn is_boundary(&self) -> bool {
        matches!(self, Op::Fsync { .. } | Op::DirSync { .. } | Op::Rename { .. } | Op::SyncAll)
    }

    /// The directories whose fsync makes this change of names durable.
    fn parents(&self) -> Vec<&[u8]> {
        match self {
            Op::Rename { old, new } => vec![parent_of(old), parent_of(new)],
            Op::Create { path, .. } | Op::Unlink { path } | Op::Mkdir { path } | Op::Rmdir { path } => {
                vec![parent_of(path)]
            }
            _ => Vec::new(),
        }
    }
}

/// A name in the tree: a directory or a file's node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry {
    Dir,
    File(usize),
}

/// Recordings of consecutive runs: the files present before the first (node contents) and the
/// operations of all of them, in order.
struct Recording {
    /// Root-relative paths of the tree before the first run.
    base_tree: BTreeMap<Vec<u8>, Entry>,
    /// Content of each node that existed before the first run (empty for nodes created later).
    base_data: Vec<Vec<u8>>,
    ops: Vec<Op>,
    /// Where each run's operations start in `ops`.
    starts: Vec<usize>,
    /// For a change of names, the first operation after it that makes it durable (an fsync of
    /// each directory it changes, or a sync); `usize::MAX` when none does.
    name_durable_at: Vec<usize>,
}

/// The state of the directory: names and each named file's bytes.
type State = BTreeMap<Vec<u8>, Option<Vec<u8>>>;

fn le_u32(b: &[u8]) -> u32 {
    u32::from_le_bytes(b[..4].try_into().expect("4 bytes"))
}

fn le_u64(b: &[u8]) -> u64 {
    u64::from_le_bytes(b[..8].try_into().expect("8 bytes"))
}

/// The directory a path is in ("" for the root).
fn parent_of(p: &[u8]) -> &[u8] {
    p.iter().rposition(|&b| b == b'/').map_or(&[][..], |i| &p[..i])
}

/// Whether `path` can hold a name: the root, or an existing directory.
fn dir_exists(tree: &BTreeMap<Vec<u8>, Entry>, path: &[u8]) -> bool {
    path.is_empty() || tree.get(path) == Some(&Entry::Dir)
}

/// Moves a name, or a directory's name and every name under it.
fn rename_in(tree: &mut BTreeMap<Vec<u8>, Entry>, old: &[u8], new: &[u8]) {
    if old == new {
        return;
    }
    let mut prefix = old.to_vec();
    prefix.push(b'/');
    let moved: Vec<Vec<u8>> = tree.keys().filter(|k| k.as_slice() == old || k.starts_with(&prefix)).cloned().collect();
    // Renaming over a name replaces it (a directory only when empty, as rename(2) allows).
    let mut new_prefix = new.to_vec();
    new_prefix.push(b'/');
    tree.retain(|k, _| k.as_slice() != new && !k.starts_with(&new_prefix));
    for k in moved {
        if let Some(e) = tree.remove(&k) {
            let mut to = new.to_vec();
            to.extend_from_slice(&k[old.len()..]);
            tree.insert(to, e);
        }
    }
}

/// Applies a change of names to a tree, when what it needs is there (its directory, a rename's
/// source): an image that lost the directory's own name has lost what was made in it. Returns
/// whether it applied.
fn apply_name(tree: &mut BTreeMap<Vec<u8>, Entry>, op: &Op) -> bool {
    match op {
        Op::Create { path, node } if dir_exists(tree, parent_of(path)) => {
            tree.insert(path.clone(), Entry::File(*node));
        }
        Op::Rename { old, new } if tree.contains_key(old) && dir_exists(tree, parent_of(new)) => {
            rename_in(tree, old, new)
        }
        Op::Unlink { path } | Op::Rmdir { path } if tree.contains_key(path) => {
            tree.remove(path);
        }
        Op::Mkdir { path } if dir_exists(tree, parent_of(path)) => {
            tree.insert(path.clone(), Entry::Dir);
        }
        _ => return false,
    }
    true
}

/// Applies a write or length change to a file's bytes.
fn apply_data(data: &mut Vec<u8>, op: &Op) {
    match op {
        Op::Write { offset, data: bytes, .. } => {
            let at = *offset as usize;
            if data.len() < at + bytes.len() {
                data.resize(at + bytes.len(), 0);
            }
            data[at..at + bytes.len()].copy_from_slice(bytes);
        }
        Op::SetLen { len, .. } => data.resize(*len as usize, 0),
        _ => {}
    }
}

/// What a power cut may leave of a file's writes that no fsync covered: each 512-byte sector
/// they touched holds the sector as it was after some prefix of them (none, all, or a point in
/// between: a disk writes sectors whole, in any order), and the file's length is its length
/// after some prefix of them (grown past what its sectors kept, the rest reads as zeros).
fn keep_some(data: &mut Vec<u8>, ops: &[&Op], rng: &mut Rng) {
    const SECTOR: usize = 512;
    let mut lengths = vec![data.len()];
    let mut touching: HashMap<usize, usize> = HashMap::new();
    let mut len = data.len();
    for o in ops {
        match o {
            Op::Write { offset, data: bytes, .. } if !bytes.is_empty() => {
                let (from, to) = (*offset as usize, *offset as usize + bytes.len());
                for sector in from / SECTOR..=(to - 1) / SECTOR {
                    *touching.entry(sector).or_default() += 1;
                }
                len = len.max(to);
            }
            Op::SetLen { len: l, .. } => len = *l as usize,
            _ => {}
        }
        lengths.push(len);
    }
    // How many of the writes touching each sector it kept.
    let mut kept: HashMap<usize, usize> = HashMap::new();
    for (&sector, &n) in &touching {
        let k = match rng.range(0, 3) {
            0 => 0,
            1 => n,
            _ => rng.range(0, n as u64 + 1) as usize,
        };
        kept.insert(sector, k);
    }
    let mut seen: HashMap<usize, usize> = HashMap::new();
    for o in ops {
        let Op::Write { offset, data: bytes, .. } = o else { continue };
        let (from, to) = (*offset as usize, *offset as usize + bytes.len());
        let mut at = from;
        while at < to {
            let sector = at / SECTOR;
            let next = ((sector + 1) * SECTOR).min(to);
            let n = seen.entry(sector).or_default();
            if *n < kept[&sector] {
                if data.len() < next {
                    data.resize(next, 0);
                }
                data[at..next].copy_from_slice(&bytes[at - from..next - from]);
            }
            *n += 1;
            at = next;
        }
    }
    let len = lengths[rng.range(0, lengths.len() as u64) as usize];
    data.resize(len, 0);
}

/// What an image keeps of what was not yet durable.
#[derive(Debug, Clone, Copy)]
enum Keep {
    /// Nothing.
    Synced,
    /// Everything (what a killed process leaves).
    All,
    /// A random draw. Names: those before a random cut (a journal's order), or, in the other
    /// half of the draws, each one or not (what POSIX allows). Data: [`keep_some`] for each file.
    Random(u64),
}

impl Recording {
    /// Reads the shim's logs of consecutive runs over `root`, whose state before the first run
    /// is a copy at `base`.
    fn read(logs: &[&Path], root: &Path, base: &Path) -> Recording {
        let mut prefix = root.as_os_str().as_encoded_bytes().to_vec();
        prefix.push(b'/');
        let rel = |p: &[u8]| -> Vec<u8> {
            if p == &prefix[..prefix.len() - 1] {
                return Vec::new();
            }
            p.strip_prefix(prefix.as_slice())
                .unwrap_or_else(|| panic!("a recorded path outside the root: {}", String::from_utf8_lossy(p)))
                .to_vec()
        };
        let mut base_tree = BTreeMap::new();
        let mut base_data = Vec::new();
        snapshot(base, base, &mut base_tree, &mut base_data);
        // The names as the runs saw them, to resolve an open's path and an inode to a node.
        let mut tree = base_tree.clone();
        let mut inodes: HashMap<u64, usize> = HashMap::new();
        let mut ops = Vec::new();
        let mut starts = Vec::new();
        for log in logs {
            starts.push(ops.len());
            let bytes = std::fs::read(log).unwrap_or_else(|e| panic!("{}: {e}", log.display()));
            let mut at = 0;
            while at < bytes.len() {
                assert!(at + 5 <= bytes.len(), "the log ends inside a record header");
                let op = bytes[at];
                let len = le_u32(&bytes[at + 1..]) as usize;
                let p = &bytes[at + 5..at + 5 + len];
                at += 5 + len;
                let node_of = |ino: u64| -> usize {
                    *inodes.get(&ino).unwrap_or_else(|| panic!("an operation on inode {ino}, which no open named"))
                };
                let resolved = match op {
                    1 | 13 => {
                        let node = base_data.len();
                        base_data.push(Vec::new());
                        inodes.insert(le_u64(p), node);
                        // An O_TMPFILE file (13) is a node without a name.
                        (op == 1).then(|| Op::Create { path: rel(&p[8..]), node })
                    }
                    2 => {
                        let path = rel(&p[8..]);
                        match tree.get(&path) {
                            _ if path.is_empty() => {}
                            Some(Entry::File(node)) => {
                                inodes.insert(le_u64(p), *node);
                            }
                            Some(Entry::Dir) => {}
                            None => panic!(
                                "an open of {}, which the recording never made",
                                String::from_utf8_lossy(&p[8..])
                            ),
                        }
                        None
                    }
                    3 => Some(Op::Write { node: node_of(le_u64(p)), offset: le_u64(&p[8..]), data: p[16..].to_vec() }),
                    4 => Some(Op::SetLen { node: node_of(le_u64(p)), len: le_u64(&p[8..]) }),
                    5 => Some(Op::Fsync { node: node_of(le_u64(p)) }),
                    6 => Some(Op::DirSync { path: rel(p) }),
                    7 => {
                        let old_len = le_u32(p) as usize;
                        Some(Op::Rename { old: rel(&p[4..4 + old_len]), new: rel(&p[4 + old_len..]) })
                    }
                    8 => Some(Op::Unlink { path: rel(p) }),
                    9 => Some(Op::Mkdir { path: rel(p) }),
                    10 => Some(Op::Rmdir { path: rel(p) }),
                    11 => Some(Op::SyncAll),
                    12 => {
                        panic!("the run made an operation the recording cannot replay: {}", String::from_utf8_lossy(p))
                    }
                    other => panic!("unknown log record {other}"),
                };
                if let Some(o) = resolved {
                    if o.is_name() {
                        assert!(apply_name(&mut tree, &o), "the recording's {o:?} acts on a name it never made");
                    }
                    ops.push(o);
                }
            }
        }
        // When each change of names becomes durable.
        let mut name_durable_at = vec![usize::MAX; ops.len()];
        for (j, o) in ops.iter().enumerate() {
            if !o.is_name() {
                continue;
            }
            let parents = o.parents();
            let mut pending: Vec<&[u8]> = parents.clone();
            for (i, later) in ops.iter().enumerate().skip(j + 1) {
                match later {
                    Op::SyncAll => pending.clear(),
                    Op::DirSync { path } => pending.retain(|p| *p != path.as_slice()),
                    _ => {}
                }
                if pending.is_empty() {
                    name_durable_at[j] = i;
                    break;
                }
            }
        }
        Recording { base_tree, base_data, ops, starts, name_durable_at }
    }

    /// The directory as an image at crash point `k` (the first `k` operations happened) keeps it.
    fn image(&self, k: usize, keep: Keep) -> State {
        let ops = &self.ops[..k];
        let synced_all = ops.iter().rposition(|o| matches!(o, Op::SyncAll));
        let mut rng = Rng::new(match keep {
            Keep::Random(seed) => seed,
            _ => 0,
        });
        // Names: the durable ones, and of the others what the draw keeps.
        let (cut, subset) = match keep {
            Keep::Synced => (0, false),
            Keep::All => (k, false),
            Keep::Random(_) => (rng.range(0, k as u64 + 1) as usize, rng.chance(50)),
        };
        let mut tree = self.base_tree.clone();
        for (j, o) in ops.iter().enumerate() {
            if !o.is_name() {
                continue;
            }
            let kept = self.name_durable_at[j] < k
                || match keep {
                    Keep::Random(_) if subset => rng.chance(50),
                    _ => j < cut,
                };
            if kept {
                apply_name(&mut tree, o);
            }
        }
        // Each node's durable point: its last fsync, or the last sync.
        let mut durable: HashMap<usize, usize> = HashMap::new();
        for (i, o) in ops.iter().enumerate() {
            if let Op::Fsync { node } = o {
                durable.insert(*node, i);
            }
        }
        let mut data = self.base_data.clone();
        // Each node's writes and length changes not yet durable, in order.
        let mut pending: HashMap<usize, Vec<&Op>> = HashMap::new();
        for (i, o) in ops.iter().enumerate() {
            let node = match o {
                Op::Write { node, .. } | Op::SetLen { node, .. } => *node,
                _ => continue,
            };
            let is_durable = durable.get(&node).is_some_and(|&d| i < d) || synced_all.is_some_and(|d| i < d);
            if is_durable {
                apply_data(&mut data[node], o);
            } else {
                pending.entry(node).or_default().push(o);
            }
        }
        let mut nodes: Vec<usize> = pending.keys().copied().collect();
        nodes.sort_unstable();
        for node in nodes {
            let ops = &pending[&node];
            match keep {
                Keep::Synced => {}
                Keep::All => ops.iter().for_each(|o| apply_data(&mut data[node], o)),
                Keep::Random(_) => keep_some(&mut data[node], ops, &mut rng),
            }
        }
        tree.into_iter()
            .map(|(path, e)| {
                let bytes = match e {
                    Entry::Dir => None,
                    Entry::File(node) => Some(data[node].clone()),
                };
                (path, bytes)
            })
            .collect()
    }
}

/// Reads a directory tree into names and nodes (paths relative to `root`).
fn snapshot(root: &Path, dir: &Path, tree: &mut BTreeMap<Vec<u8>, Entry>, data: &mut Vec<Vec<u8>>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries {
        let e = e.expect("read_dir entry");
        let path = e.path();
        let rel = path.strip_prefix(root).expect("under the root").as_os_str().as_encoded_bytes().to_vec();
        if e.file_type().expect("file type").is_dir() {
            tree.insert(rel, Entry::Dir);
            snapshot(root, &path, tree, data);
        } else {
            tree.insert(rel, Entry::File(data.len()));
            data.push(std::fs::read(&path).expect("read a file of the base"));
        }
    }
}

/// The directory's state as it is on disk.
fn on_disk(root: &Path) -> State {
    let mut tree = BTreeMap::new();
    let mut data = Vec::new();
    snapshot(root, root, &mut tree, &mut data);
    tree.into_iter()
        .map(|(p, e)| {
            (
                p,
                match e {
                    Entry::Dir => None,
                    Entry::File(n) => Some(std::mem::take(&mut data[n])),
                },
            )
        })
        .collect()
}

/// Writes a state out as a directory tree at `to` (emptied first).
fn materialize(state: &State, to: &Path) {
    let _ = std::fs::remove_dir_all(to);
    std::fs::create_dir_all(to).expect("image directory");
    for (path, bytes) in state {
        let p = to.join(std::str::from_utf8(path).expect("UTF-8 path"));
        match bytes {
            None => std::fs::create_dir_all(&p).expect("image subdirectory"),
            Some(b) => {
                if let Some(parent) = p.parent() {
                    std::fs::create_dir_all(parent).expect("image subdirectory");
                }
                std::fs::write(&p, b).expect("image file");
            }
        }
    }
}

/// Runs a command with the recording shim preloaded; the log goes to `log`.
fn recorded(mut cmd: Command, root: &Path, log: &Path) {
    let out = cmd
        .env("LD_PRELOAD", common_store::faultfs())
        .env("DDFAULT_ROOT", root)
        .env("DDFAULT_LOG", log)
        .env("RUST_LOG", "error")
        .output()
        .expect("run the recorded command");
    assert!(out.status.success(), "recorded run failed ({}): {}", out.status, String::from_utf8_lossy(&out.stderr));
}

/// Records `dedupdb ingest` of a crawl of `n` pages (a segment every 60, merges of two) into
/// `root/db`, its report `root/<tag>.report.jsonl`; returns the crawl and the report's path.
fn ingest_recorded(seed: u64, n: usize, tag: &str, tmp: &Path, root: &Path, log: &Path) -> (Crawl, std::path::PathBuf) {
    let pages = crawl(seed, n, tag);
    let input = tmp.join(format!("{tag}.jsonl"));
    pages.write(&input);
    let report = root.join(format!("{tag}.report.jsonl"));
    let mut cmd = common_store::dedupdb();
    cmd.args(["ingest", "--json", "--flush-docs", "60", "--merge-factor", "2"]).args([
        "--db",
        s(&root.join("db")),
        "--report",
        s(&report),
        s(&input),
    ]);
    recorded(cmd, root, log);
    (pages, report)
}

/// Pages acknowledged by a report's complete lines: URL -> doc id.
fn acked_in(report: Option<&Vec<u8>>, scratch: &Path) -> HashMap<String, u64> {
    let Some(bytes) = report else { return HashMap::new() };
    std::fs::write(scratch, bytes).expect("write the report");
    read_report(scratch)
        .iter()
        .filter(|l| INSERTED.contains(&verdict(l)) || verdict(l) == "skipped")
        .map(|l| (l["url"].as_str().expect("url").to_string(), l["doc_id"].as_u64().expect("doc id")))
        .collect()
}

/// Checks one image of the index; returns whether it held an index (a manifest).
fn check_image(db: &Path, acked: &HashMap<String, u64>, what: &str) -> bool {
    if !db.join("MANIFEST").exists() {
        assert!(acked.is_empty(), "{what}: no manifest, yet {} pages were acknowledged", acked.len());
        // What the creation left is no obstacle to making the index.
        let made = Db::open(db).unwrap_or_else(|e| panic!("{what}: cannot create an index over the image: {e}"));
        drop(made);
        return false;
    }
    common_store::assert_sound(db, &format!("{what}, before recovery"));
    {
        let opened = Db::open_existing(db).unwrap_or_else(|e| panic!("{what}: cannot open: {e}"));
        let writer = opened.writer().unwrap_or_else(|e| panic!("{what}: cannot recover: {e}"));
        writer.close().unwrap_or_else(|e| panic!("{what}: recovery cannot finish: {e}"));
    }
    common_store::assert_sound(db, &format!("{what}, after recovery"));
    let opened = Db::open_existing(db).unwrap_or_else(|e| panic!("{what}: cannot reopen: {e}"));
    let mut stored: HashMap<String, u64> = HashMap::new();
    opened
        .reader()
        .unwrap_or_else(|e| panic!("{what}: no reader: {e}"))
        .for_each_page(|doc_id, url, _| {
            if let Some(before) = stored.insert(url.to_string(), u64::from(doc_id)) {
                panic!("{what}: {url} stored twice (docs {before} and {doc_id})");
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{what}: cannot list the pages: {e}"));
    for (url, doc) in acked {
        match stored.get(url) {
            None => panic!("{what}: acknowledged page {url} (doc {doc}) is lost"),
            Some(d) => assert_eq!(d, doc, "{what}: {url} acknowledged as doc {doc}, stored as doc {d}"),
        }
    }
    drop(opened);
    // The catalog kept every site id the stored pages carry: one rebuilt from the pages (the
    // image is not needed after this) names no site the recovered catalog lacks or numbers
    // differently. A catalog that lost its tail would hand a known site's id to another.
    let rebuilt =
        dedupdb::store::rebuild_catalog(db, true).unwrap_or_else(|e| panic!("{what}: cannot rebuild the catalog: {e}"));
    let old = rebuilt.old_catalog.unwrap_or_else(|| panic!("{what}: the rebuild kept no old catalog"));
    let sites = |dir: &Path| -> HashMap<String, u32> {
        dedupdb::store::catalog::Catalog::open(dir)
            .and_then(|c| c.sites())
            .unwrap_or_else(|e| panic!("{what}: cannot read the catalog {}: {e}", dir.display()))
            .into_iter()
            .collect()
    };
    let kept = sites(&old);
    for (site, id) in sites(&db.join("catalog")) {
        assert_eq!(
            kept.get(&site),
            Some(&id),
            "{what}: the pages carry site {site:?} as id {id}, the catalog has {:?}",
            kept.get(&site)
        );
    }
    true
}

/// What a scenario's images came to.
#[derive(Debug, Default)]
struct Tally {
    points: usize,
    images: usize,
    without_index: usize,
}

/// Builds and checks the images of one recording. `acked_before` are the pages acknowledged by
/// earlier runs (durable before this one started).
fn check_recording(
    rec: &Recording,
    root: &Path,
    report: &[u8],
    acked_before: &HashMap<String, u64>,
    extra: usize,
    rng: &mut Rng,
    what: &str,
) -> Tally {
    // The recording is complete: replaying all of it gives the directory the run left.
    let all = rec.image(rec.ops.len(), Keep::All);
    assert_eq!(
        all.keys().collect::<Vec<_>>(),
        on_disk(root).keys().collect::<Vec<_>>(),
        "{what}: the replayed recording names other files than the run left"
    );
    assert!(all == on_disk(root), "{what}: the replayed recording's bytes differ from the files the run left");
    let scratch = tempfile::tempdir().expect("tempdir");
    let image_dir = scratch.path().join("image");
    // Cut within the last run only: just before and just after each of its boundaries, and at
    // its end. Earlier runs' unsynced writes may be lost in these images too.
    let from = *rec.starts.last().expect("a run");
    let mut points: Vec<usize> =
        (from..rec.ops.len()).filter(|&i| rec.ops[i].is_boundary()).flat_map(|i| [i, i + 1]).collect();
    points.push(rec.ops.len());
    points.sort_unstable();
    points.dedup();
    let mut tally = Tally::default();
    if let Ok(k) = std::env::var("DEDUPDB_POWER_DEBUG").map(|v| v.parse::<usize>().unwrap_or(0)) {
        for (i, o) in rec.ops[..k].iter().enumerate() {
            let short = match o {
                Op::Write { node, offset, data } => format!("write node {node} at {offset} len {}", data.len()),
                other => format!("{other:?}"),
            };
            eprintln!("{i}: {short}");
        }
    }
    for &k in &points {
        let volatile = rec.image(k, Keep::All);
        let mut acked = acked_before.clone();
        acked.extend(acked_in(volatile.get(report).and_then(Option::as_ref), &scratch.path().join("report")));
        let mut keeps = vec![Keep::Synced, Keep::All];
        keeps.extend((0..1 + extra).map(|_| Keep::Random(rng.next_u64())));
        for keep in keeps {
            let state = if matches!(keep, Keep::All) { volatile.clone() } else { rec.image(k, keep) };
            let db: State = state
                .into_iter()
                .filter_map(|(p, b)| p.strip_prefix(b"db/".as_slice()).map(|r| (r.to_vec(), b)))
                .collect();
            materialize(&db, &image_dir);
            let label = format!("{what}: power cut after op {k} of {} ({keep:?})", rec.ops.len());
            if !check_image(&image_dir, &acked, &label) {
                tally.without_index += 1;
            }
            tally.images += 1;
        }
        tally.points += 1;
    }
    tally
}

#[test]
fn every_power_cut_image_of_ingest_compact_and_reingest_opens_clean_with_every_acknowledged_page() {
    let seed = seed(58);
    let mut rng = Rng::new(seed);
    let extra: usize = std::env::var("DEDUPDB_POWER_IMAGES").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let tmp = tempfile::tempdir().expect("tempdir");
    let tmp_path = tmp.path().canonicalize().expect("canonical temp dir");
    let root = tmp_path.join("root");
    std::fs::create_dir_all(&root).expect("root");
    let db = root.join("db");
    let before = tmp_path.join("before");

    // A: a new index, a segment every 60 pages, merges of two.
    std::fs::create_dir_all(&before).expect("base");
    let log_a = tmp_path.join("a.log");
    let (day1, report1) = ingest_recorded(seed, 300, "day1", &tmp_path, &root, &log_a);
    let rec = Recording::read(&[&log_a], &root, &before);
    let a = check_recording(&rec, &root, b"day1.report.jsonl", &HashMap::new(), extra, &mut rng, "ingest");
    let acked_a = acked_in(Some(&std::fs::read(&report1).expect("report")), &tmp_path.join("r"));
    assert_eq!(acked_a.len(), day1.with_text.len(), "every page with text acknowledged");

    // B: a full compaction of that index. Its images start from A's: what A left unsynced
    // may be lost in them too.
    let log_b = tmp_path.join("b.log");
    let mut cmd = common_store::ddtool();
    cmd.args(["compact", "--db", s(&db)]);
    recorded(cmd, &root, &log_b);
    let rec = Recording::read(&[&log_a, &log_b], &root, &before);
    let b = check_recording(&rec, &root, b"none", &acked_a, extra, &mut rng, "compact");

    // C: the next day's crawl into the compacted index.
    let log_c = tmp_path.join("c.log");
    ingest_recorded(seed + 1, 120, "day2", &tmp_path, &root, &log_c);
    let rec = Recording::read(&[&log_a, &log_b, &log_c], &root, &before);
    let c = check_recording(&rec, &root, b"day2.report.jsonl", &acked_a, extra, &mut rng, "second ingest");

    eprintln!("power loss (seed {seed}): ingest {a:?}, compact {b:?}, second ingest {c:?}");
    // The runs were long enough to have something to cut.
    assert!(a.points >= 20 && b.points >= 5 && c.points >= 10, "too few crash points: {a:?} {b:?} {c:?}");
    assert!(a.without_index > 0 && a.without_index < a.images, "images before and after the index existed: {a:?}");
}
