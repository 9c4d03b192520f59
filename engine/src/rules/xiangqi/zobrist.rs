//! Zobrist keys from a fixed seed, generated once at first use. (Built at
//! compile time they were 24 KB of random, incompressible bytes in each of
//! the page's two wasm files.)

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

pub struct Keys {
    /// Indexed by piece code (1..=32) and square.
    pub piece: [[u64; 90]; 33],
    pub black_to_move: u64,
    /// Indexed by colour, role, count in the pool (0..=5).
    pub pool: [[[u64; 6]; 7]; 2],
}

const fn build() -> Keys {
    let mut k = Keys {
        piece: [[0; 90]; 33],
        black_to_move: 0,
        pool: [[[0; 6]; 7]; 2],
    };
    let mut s = 0x6A09_E667_F3BC_C908u64;
    let mut c = 1;
    while c < 33 {
        let mut q = 0;
        while q < 90 {
            let (ns, v) = splitmix(s);
            s = ns;
            k.piece[c][q] = v;
            q += 1;
        }
        c += 1;
    }
    let (ns, v) = splitmix(s);
    s = ns;
    k.black_to_move = v;
    let mut col = 0;
    while col < 2 {
        let mut r = 0;
        while r < 7 {
            let mut n = 1; // count 0 hashes as 0
            while n < 6 {
                let (ns, v) = splitmix(s);
                s = ns;
                k.pool[col][r][n] = v;
                n += 1;
            }
            r += 1;
        }
        col += 1;
    }
    k
}

pub static KEYS: std::sync::LazyLock<Keys> = std::sync::LazyLock::new(build);
