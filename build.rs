//! Generates the table that folds traditional Chinese characters to simplified ones
//! (`src/script_fold.rs` includes it), from the OpenCC dictionaries that the `ferrous-opencc`
//! crate carries, so that no table is kept by hand in this repository and nothing is converted
//! at run time.
//!
//! Every character of the CJK blocks is converted alone, both ways, by six of OpenCC's
//! configurations (traditional, Taiwan and Hong Kong forms to simplified, and simplified to
//! each). A conversion that gives one other character joins the two in a class, and each class
//! folds to one member: a character of the BMP if the class has one, then one that the standard
//! traditional-to-simplified conversion leaves alone, then the one it turns most characters of
//! the class into (ties: the lowest code point). Folding is a canonical form, not a conversion: it
//! only has to give a text and its conversions in either direction the same characters.
//!
//! The table decides index keys: a change to it changes the keys of pages already indexed. The
//! crate version is pinned exactly, and the build fails when the table's digest is not
//! [`DIGEST`] (another table needs a new index parameter, and a new digest here).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use ferrous_opencc::config::BuiltinConfig;
use ferrous_opencc::OpenCC;

/// Code points converted: the BMP ideographs (Extension A and the unified block) and the
/// supplementary ideograph planes (Extensions B to H).
const RANGES: [std::ops::Range<u32>; 2] = [0x3400..0xA000, 0x2_0000..0x3_2400];

/// XXH3-64 of the table's pairs in character order, each as two little-endian u32 (character,
/// what it folds to): the table `Params::fold_traditional` names (format-spec.md, "Keys").
const DIGEST: u64 = 0x92b4_6536_89bc_c6d9;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if let Err(e) = run() {
        eprintln!("error: generating the traditional-to-simplified fold table: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let open = |c: BuiltinConfig| OpenCC::from_config(c).map_err(|e| format!("OpenCC {c:?}: {e}"));
    let to_simplified = [open(BuiltinConfig::T2s)?, open(BuiltinConfig::Tw2s)?, open(BuiltinConfig::Hk2s)?];
    let to_traditional = [open(BuiltinConfig::S2t)?, open(BuiltinConfig::S2tw)?, open(BuiltinConfig::S2hk)?];

    let one = |cc: &OpenCC, c: char| -> Option<char> {
        let out = cc.convert(c.encode_utf8(&mut [0u8; 4]));
        let mut it = out.chars();
        match (it.next(), it.next()) {
            (Some(o), None) if o != c => Some(o),
            _ => None,
        }
    };
    let mut parent: BTreeMap<char, char> = BTreeMap::new();
    // Per character, how many characters the standard traditional-to-simplified conversion
    // turns into it.
    let mut chosen: BTreeMap<char, u32> = BTreeMap::new();
    let mut changed_to_simplified: std::collections::BTreeSet<char> = Default::default();
    for c in RANGES.iter().cloned().flatten().filter_map(char::from_u32) {
        for (k, cc) in to_simplified.iter().enumerate() {
            if let Some(o) = one(cc, c) {
                union(&mut parent, c, o);
                // The representative is chosen by the standard conversion alone: the Taiwan and
                // Hong Kong ones first map regional variants, and read simplified text oddly
                // (Taiwan's "么" is the numeral "幺", so it turns "什么" into "什幺").
                if k == 0 {
                    *chosen.entry(o).or_default() += 1;
                    changed_to_simplified.insert(c);
                }
            }
        }
        for cc in &to_traditional {
            if let Some(o) = one(cc, c) {
                union(&mut parent, c, o);
            }
        }
    }
    let mut classes: BTreeMap<char, Vec<char>> = BTreeMap::new();
    let chars: Vec<char> = parent.keys().copied().collect();
    for c in chars {
        let root = find(&mut parent, c);
        classes.entry(root).or_default().push(c);
    }
    let mut folds: Vec<(u32, u32)> = Vec::new();
    for members in classes.values() {
        // A BMP member first: extraction folds the decoded page in place, three UTF-8 bytes for
        // three (rare characters' 2013 simplified forms are in the supplementary planes).
        let rank = |c: &char| {
            ((*c as u32) < 0x1_0000, !changed_to_simplified.contains(c), chosen.get(c).copied().unwrap_or(0))
        };
        // Members are in code point order: max_by_key keeps the last maximum, so search reversed.
        let Some(&to) = members.iter().rev().max_by_key(|c| rank(c)) else { continue };
        folds.extend(members.iter().filter(|&&c| c != to).map(|&c| (c as u32, to as u32)));
    }
    folds.sort_unstable();
    if folds.len() < 3_000 {
        return Err(format!("only {} characters fold: the dictionaries did not load as expected", folds.len()));
    }

    let bytes: Vec<u8> = folds.iter().flat_map(|&(f, t)| [f.to_le_bytes(), t.to_le_bytes()]).flatten().collect();
    let digest = xxhash_rust::xxh3::xxh3_64(&bytes);
    if digest != DIGEST {
        return Err(format!(
            "the table ({} characters) has digest {digest:#018x}, not {DIGEST:#018x}: the dictionaries \
             changed (ferrous-opencc's version?), and indexes built with the old table would be \
             queried with other keys",
            folds.len()
        ));
    }

    // One bit per BMP code point (8 KiB): a page's scan indexes it by the three UTF-8 bytes of
    // a character with no range test.
    let mut bits = vec![0u64; 0x1_0000 / 64];
    for &(from, _) in folds.iter().filter(|&&(from, _)| from < 0x1_0000) {
        bits[from as usize / 64] |= 1 << (from % 64);
    }
    let mut src = String::new();
    let _ = writeln!(src, "/// The table's digest, which build.rs checked (see `build.rs`).");
    let _ = writeln!(src, "#[cfg(test)]\npub(crate) const DIGEST: u64 = {DIGEST:#x};");
    let _ = writeln!(src, "/// One bit per BMP code point: set when the character folds.");
    let _ = writeln!(src, "pub(crate) static FOLD_BITS: [u64; {}] = [", bits.len());
    for b in &bits {
        let _ = writeln!(src, "    {b:#x},");
    }
    let _ = writeln!(
        src,
        "];\n/// (character, what it folds to), by character.\npub(crate) static FOLDS: [(u32, u32); {}] = [",
        folds.len()
    );
    for (f, t) in &folds {
        let _ = writeln!(src, "    ({f:#x}, {t:#x}),");
    }
    let _ = writeln!(src, "];");
    let out =
        PathBuf::from(std::env::var("OUT_DIR").map_err(|e| format!("OUT_DIR: {e}"))?).join("script_fold_table.rs");
    std::fs::write(&out, src).map_err(|e| format!("writing {}: {e}", out.display()))
}

fn find(parent: &mut BTreeMap<char, char>, c: char) -> char {
    let mut root = c;
    while let Some(&p) = parent.get(&root) {
        if p == root {
            break;
        }
        root = p;
    }
    // Path compression.
    let mut cur = c;
    while cur != root {
        let next = parent.get(&cur).copied().unwrap_or(root);
        parent.insert(cur, root);
        cur = next;
    }
    root
}

fn union(parent: &mut BTreeMap<char, char>, a: char, b: char) {
    parent.entry(a).or_insert(a);
    parent.entry(b).or_insert(b);
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent.insert(ra.max(rb), ra.min(rb));
    }
}
