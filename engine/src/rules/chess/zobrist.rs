//! Zobrist keys of the chess board, from a fixed seed, built once at first use.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

pub struct Keys {
    /// Indexed by piece code (1..=32) and square.
    pub piece: [[u64; 64]; 33],
    pub black_to_move: u64,
    /// Indexed by the castling-rights bits.
    pub castling: [u64; 16],
    /// Indexed by the en-passant file.
    pub en_passant: [u64; 8],
    /// Indexed by colour, kind, count in the pool (0..=8; 0 hashes as 0).
    pub pool: [[[u64; 9]; 5]; 2],
}

fn build() -> Keys {
    let mut s = 0xBB67_AE85_84CA_A73Bu64;
    let mut next = || {
        let (ns, v) = splitmix(s);
        s = ns;
        v
    };
    let mut k = Keys {
        piece: [[0; 64]; 33],
        black_to_move: 0,
        castling: [0; 16],
        en_passant: [0; 8],
        pool: [[[0; 9]; 5]; 2],
    };
    for code in k.piece.iter_mut().skip(1) {
        for v in code.iter_mut() {
            *v = next();
        }
    }
    k.black_to_move = next();
    for v in k.castling.iter_mut().skip(1) {
        *v = next();
    }
    for v in k.en_passant.iter_mut() {
        *v = next();
    }
    for side in k.pool.iter_mut() {
        for kind in side.iter_mut() {
            for v in kind.iter_mut().skip(1) {
                *v = next();
            }
        }
    }
    k
}

pub static KEYS: std::sync::LazyLock<Keys> = std::sync::LazyLock::new(build);
