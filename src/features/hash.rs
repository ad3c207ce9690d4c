//! Hashes of character runs. Keys are xxh3 of the run encoded as UTF-32LE, so they are the same on
//! every machine and can be stored on disk.

use xxhash_rust::xxh3::{xxh3_128, xxh3_64, xxh3_64_with_seed};

fn with_le_bytes<R>(chars: &[char], f: impl FnOnce(&[u8]) -> R) -> R {
    if cfg!(target_endian = "little") {
        f(bytemuck::cast_slice(chars))
    } else {
        let bytes: Vec<u8> = chars.iter().flat_map(|c| (*c as u32).to_le_bytes()).collect();
        f(&bytes)
    }
}

/// 64-bit key of a character run.
pub fn hash64(chars: &[char]) -> u64 {
    with_le_bytes(chars, xxh3_64)
}

/// 64-bit key of a character run in a namespace (`seed`), so that keys of different kinds differ.
pub fn hash64_seeded(chars: &[char], seed: u64) -> u64 {
    with_le_bytes(chars, |b| xxh3_64_with_seed(b, seed))
}

/// 128-bit hash of a character run (sentence hashes of the fingerprint step).
pub fn hash128(chars: &[char]) -> u128 {
    with_le_bytes(chars, xxh3_128)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_values() {
        // Keys are stored on disk: their values must never change silently.
        let s: Vec<char> = "新闻".chars().collect();
        let le: Vec<u8> = s.iter().flat_map(|c| (*c as u32).to_le_bytes()).collect();
        assert_eq!(hash64(&s), xxh3_64(&le));
        assert_ne!(hash64(&s), hash64_seeded(&s, 1));
        assert_eq!(hash128(&s), xxh3_128(&le));
    }
}
