//! Helpers shared by the unit tests.

/// A seeded xorshift generator: reproducible random test inputs, the same on every machine.
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator started from `seed` (0 is taken as 1: xorshift stays at 0 forever).
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}
