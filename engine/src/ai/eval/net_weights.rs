//! The weights of the evaluation's learnt correction ([`super`]), as
//! printed by `jieqi tune --net`. Fitted on 936588 positions (93500 held out),
//! the linear weights fixed: K = 0.3174; held-out mean squared error
//! 0.005399 (linear alone) -> 0.004082
//! (24 epochs at most, batch 1024, rate 0.001, score weight 1, seed 1).
//! Data: `jieqi datagen --games 6000 --jobs 2` with `--seed 11 --nodes
//! 6000` by the engine of commit d205a11, `--seed 12 --nodes 6000` by that
//! of f013db0 and `--seed 13 --nodes 8000` by that of 205150b (the linear
//! weights of `weights.rs`), the three files concatenated; then `jieqi tune
//! FILE --net --epochs 24 --score-weight 1`. On these positions the network
//! before (fitted on the first two files) gave 0.004145 held out (at its
//! K, 0.3187). Each
//! side's features are inputs of their own (`us:` the side to move's,
//! `them:` the other's): on the first file, one input a feature (the side
//! to move's count less the other's) gave 0.004509 held out, the two
//! 0.004317; 32 units instead of 16 0.003839 (the first two files), not
//! worth twice the work.

use super::{HIDDEN, INPUTS};

pub const OUT_BIAS: i32 = -201;
#[rustfmt::skip]
pub const OUT: [i16; HIDDEN] = [89, 86, 138, 105, 113, 74, 128, 238, 58, -175, 101, 243, -291, 158, 74, -233];
#[rustfmt::skip]
pub const B1: [i32; HIDDEN] = [991, 1161, 2664, 2003, 1492, 2140, 1645, 1379, 1911, 1745, 798, 388, 1608, 2132, 1446, 2161];
#[rustfmt::skip]
pub const W1: [[i16; HIDDEN]; INPUTS] = [
    [    1,   12,    6,   10,    5,    7,  -15,   30,    1,   15,   34,   -8,    5,   10,    3,   -4], // us: material advisor
    [    5,   18,    1,   -7,   -3,   16,  -16,   13,   15,   -4,   14,  -10,   -5,    3,  -10,    9], // us: material elephant
    [  -18,    5,  -55,  -63,  -49,  -22,  -16,   65,  -22,   -2,    1,  -68,  -33,   18,  -10,   -3], // us: material horse
    [  175,  105,    2,    5,   20,   28,   83,  279,   21,  -87,   90,   11, -114,  167,   66,  -50], // us: material chariot
    [  -45,   50,  -62, -107,  -16,    3,  -20,    6,  -46,   14,  -14, -153,  -11,   24,   -4,  -14], // us: material cannon
    [    8,    0,    9,   -7,   -7,    0,   -7,    2,   15,   -8,    3,   -5,    6,   -1,   -2,   -2], // us: material soldier
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // us: material bound advisor
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // us: material bound elephant
    [  -24,  -28,    0,    5,  -96,  -19,   25,  -17,   -9,   29,    2,   -2,   13,   17,   -5,    2], // us: hidden pool advisor
    [  -30,   -3,    0,   -7,  -94,   18,   21,    9,   -3,   10,   -1,  -15,   23,    6,  -34,   19], // us: hidden pool elephant
    [    8,  -40,  -32,  -54,  -34,  -13,  -13,   42,   31,   -7,   -8,  -49,  -14,  -36,    0,   32], // us: hidden pool horse
    [   13,  -70,  -48,  -68,  124,   42, -199,   22,   24,  -29,   34,  -77,    6, -186,   47,   60], // us: hidden pool chariot
    [  -28,    5,  -17,  -47,   36,   25,  -21,   35,  -52,    1,   48,  -74,    6,  -48,   13,   51], // us: hidden pool cannon
    [  -10,   -1,    6,    0,  -59,    5,   36,  -11,   -5,   13,   15,   18,   22,   42,  -18,   -3], // us: hidden pool soldier
    [    2,   -7,   -1,    9,   36,   36,   48,    2,   25,  -18,   13,    1,    1,    7,   32,   28], // us: hidden on advisor point
    [   -2,   20,  -24,  -14,    4,   58,  -10,   17,  -15,  -18,   -4,  -14,  -15,   42,   14,   29], // us: hidden on elephant point
    [    9,    9,  -16,  -28,  -10,   48,  -36,   11,  -10,  -28,   30,    2,  -11,  -38,   -6,  -13], // us: hidden on horse point
    [  -15,    9,   24,   12,  -10,   36,   -7,   -2,    6,  -11,   10,   -9,    5,   54,   26,   19], // us: hidden on chariot point
    [   17,  -19,   10,    5,  -50,    4,  -46,   30,   -7,  -43,   29,    8,    7,   -3,  -32,  -30], // us: hidden on cannon point
    [   18,    1,   32,   32, -141,  -27,    5,    1,   -7,  -26,  -14,  -12,    4,  -58,    4,  -12], // us: hidden on soldier point
    [  -78,  -55,   43,  -24,  -52,    7,  -15,  -59,  -23,  -17,  -60, -107,   -6,  -18,  -16,   -5], // us: tempo
    [  -11,  -28,  -40,  -32,   10,   11,  -21,   -9,   -4,  -18,  -18,    1,  -16,   11,   21,   19], // us: soldier crossed
    [    5,    4,    3,    9,   -1,  -28,    0,    9,  -19,    9,    1,    0,    6,    1,   -1,  -11], // us: soldier advance
    [   30,  -23,   15,   95,  -14,   -7,  -35,   57,    6,   68,   32,  -14,   -3,    8,   35,  -14], // us: soldier near palace
    [  -14,   50,   37,   57,   11,  -57,  -38,   18,   60,   18,   34,  -55,   39,  -28,  -10,  -14], // us: soldier last rank
    [   16,   -5,  -19,  -87,   32,  -54,   -1,  -12,  238,   -5,  107,  -34,   30,  -14, -195,   35], // us: soldiers connected
    [   -3,   13,   13,    7,   -2,   -3,    2,   12,   -3,    0,   -2,   -9,    2,   -6,   -2,   -3], // us: soldier centre
    [   -6,   14,  -29,  -21,   -1,  -17,  -12,    5,  -14,    0,  -10,  -15,    0,    3,   11,    0], // us: soldier at river
    [    6,   -2,   11,    8,   -1,    2,   -1,    0,    3,   -1,   -3,    6,    4,   -4,   -2,    7], // us: horse mobility
    [   -2,    0,   -1,   -4,    4,    6,    5,   -6,    5,   -4,   15,   10,    4,    8,    8,   -3], // us: horse centre
    [   -8,   41,  -14,   -4,  -15,    5,  -26,   14,  -23,   29,   17,    3,    4,   18,   -5,  -26], // us: horse active ranks
    [   46,    1,  -25,  -51,  -10,   23,  -17,  -11,    2,  -16,   -8,  -13,    3,   32,   37,    9], // us: horse edge
    [   32,  -54,  -12,  -41,   36,    5,  -52,  -70,   38,  -13,   15, -196,   21,  -41,   68,   31], // us: horse trapped
    [   -5,   -6,   -7,   -8,   -8,    2,   -9,  -11,   -2,    3,   -4,   -8,    5,   -9,   -6,    7], // us: chariot mobility
    [   29,   20,    2,  -40,  -25,    0,   15,   17,   13,   14,   22,  -14,   10,    0,  -12,  -28], // us: chariot open file
    [    2,   40,  -13,  -21,   36,    3,   14,  -64,    0,   -5,   35,   24,   31,    3,   -8,  -42], // us: chariot crossed
    [  -55,  -31,  -22,   -2,   14,    1,   -1,   75,   -4,   17,   20,  -10,    3,  -18,   15,  -14], // us: chariot palace file
    [    5,    2,    4,    5,   -1,    2,   -5,    0,    1,   -1,    2,    7,    2,   -1,   -2,    2], // us: cannon mobility
    [   59,  -27,   41,   -2,   32,    5,    2,   -2,  -42,   -7,   34,   99,  -11,   -6,   10,   64], // us: cannon on general file
    [ -127,  -47,   54,   77,  -22,    2,  -20,  -17,  -28,  -81,   -7,  116,   15,    3,   43,   -8], // us: cannon hollow
    [   28,   60,  103,   50,  -10,  -11,   71,   44,   -1,   26,   19,  -43,   64,   26,    7, -107], // us: cannon double screen
    [   16,   11,   -6,   17,   -8,   -1,   46,   21,    2,   -7,   33,   53,    1,   14,   12,    5], // us: cannon home
    [    4,  -14,   13,   13,  -11,  -10,   14,   -5,  -18,    9,    3,   -1,    0,    0,   -8,   10], // us: defender home
    [ -101,  -35,   -3,   -1,   -5,   14,    8,  -19,   28,  -32, -133,  -85,  -44,  -36,  -20,   34], // us: general home
    [ -140,  -57,  -16,   -8,  -29,  -13,  -21,  -16, -204,   -3, -110,  -82,  -33,    9,  -42,   -8], // us: general rank
    [    9,   16,   -4,    8,    2,  -24,    6,  -15,    3,    4,    5,   30,    8,   -2,   -8,   -9], // us: palace attacks
    [   -4,   -3,    4,   -8,   -6,  -20,    9,   -5,   11,  -15,    3,   10,   -3,   -3,   15,    4], // us: palace attacks x shortfall
    [    6,    5,   11,   19,    1,  -34,   17,   12,   12,    7,    0,    7,   -1,   -1,   -6,    5], // us: attackers x shortfall
    [  -38,   16,    8,  -16,    6,   -9,   41,  -13,    0,   18,   -5,   26,    3,    3, -104,  -10], // us: hanging (side to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // us: hanging (side not to move)
    [   19,  -31,  -36,   -8,  -23,  -48,   64,   12,    9,   -6,  -29,   22,    3,  -14, -298,   -6], // us: attacked by lower (side to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // us: attacked by lower (side not to move)
    [  -85,   12,  -73,  -52,  -11,  -38,   16,  -10,  -23,  -19,  -19,   15,   21,  -27,  -83,   36], // us: doubly attacked (side to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // us: doubly attacked (side not to move)
    [    8,    0,    5,   14,   21,    9,   -2,   -2,   23,   -8,    3,    6,    2,   -7,    9,    2], // us: captured unseen
    [    1,    9,    0,    2,    9,   10,   -3,   -1,    4,    0,    7,    4,    0,   66,    4,    1], // us: hidden mobility
    [  -12,   -3,   51,   38,   -8,  -19,  -14,   18,   -8,   38,  -21,  -13,  -17,   -1,  -26,    2], // us: general mobility
    [   -5,   -3,   24,   17,  -43,    5,  -15,   -2,   31,   -4,  -24,    3,  -13,   25,  -20,  -12], // us: general escapes attacked
    [   19,  -36,    8,    9,   13,  -11,    5,   13,   -4,   -1,    7,  -15,    7,  -12,   20,   26], // them: material advisor
    [    9,  -35,   16,    7,   14,  -19,  -10,    8,   -8,    1,    5,  -20,    7,   -7,   12,    5], // them: material elephant
    [   45,    6,   59,   31,    8,   -6,  -66,  -10,   30,   12,   32,   30,   35,   -1,   -3,   33], // them: material horse
    [  -31,  -40,  -71,  -97,  -27,  -77, -135,  -85,  -55,   56,  -26,   73,  308,  -75,  -41,  163], // them: material chariot
    [   75,   28,   67,   40,   -1,   20,    0,   46,   34,   -3,    7,   47,   50,   -2,  -17,    5], // them: material cannon
    [   18,   -4,   12,    3,   18,   -3,   -9,    9,    0,    9,    4,   -4,   -4,   -3,    2,   -1], // them: material soldier
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: material bound advisor
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: material bound elephant
    [   -5,  -22,    4,    7,   -7,    8,  -13,   -4,    8,   -4,  -28,  -18,    1,    1,  -13,   24], // them: hidden pool advisor
    [  -15,  -29,    1,    2,  -12,   -4,  -16,   14,   -1,    6,  -34,  -14,    2,    4,   14,  -16], // them: hidden pool elephant
    [   36,   25,    9,   16,   48,   -7,  -61,   29,  -20,   25,   28,   39,   31,   11,   -9,  -34], // them: hidden pool horse
    [  116,   31,   20,   12,   49,   33, -123,  116,   26,   47,  386,   86,  114,   14,    8,  -61], // them: hidden pool chariot
    [   19,   -5,   39,   36,    6,  -14,  -56,   52,  -19,   26,   78,   31,   28,  -17,   -8,  -18], // them: hidden pool cannon
    [    5,  -20,   -4,    4,  -20,  -11,  -12,    2,   -2,    5,  -40,   -3,   -8,   -5,    3,   18], // them: hidden pool soldier
    [   31,   13,   -3,  -17,   13,   -1,   -7,   20,  -27,    6,   10,   18,    6,    2,    5,    7], // them: hidden on advisor point
    [   20,  -62,   14,   19,  -14,  -25,   -8,   16,    2,  -11,    8,   60,   14,    4,   -8,   19], // them: hidden on elephant point
    [   11,  -36,   19,   19,  -23,   -8,  -39,   39,  -14,  -13,   -1,    3,    6,   -8,  -12,    0], // them: hidden on horse point
    [   21,  -21,    0,  -16,    7,  -18,  -25,   51,  -41,    1,   36,   -1,   -4,  -10,    6,   -2], // them: hidden on chariot point
    [  -65,  -33,   25,   -1,  -22,   15,  -23,   84,  -20,   -9,   13,    1,   14,    1,   -4,   10], // them: hidden on cannon point
    [   11,   41,   -9,  -17,   23,   21,    9,  -27,    7,    0,  -18,   22,    2,    3,    3,  -23], // them: hidden on soldier point
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: tempo
    [   55,   40,   82,   34,    1,  -25,  -22,    5,    4,   35,   34,   21,   10,   16,    8,   -1], // them: soldier crossed
    [   -6,   -2,  -40,  -29,    8,   25, -132,    4,   13,  -24,    3,    5,    8,  -14,   -5,   -8], // them: soldier advance
    [  -72,   97,  -15,    7,   77,   -6,  105,   -7, -655,    7,   44, -140,    1,   24,  -25,   65], // them: soldier near palace
    [  -90,    4, -126,  -59,   26,   -6,   12,  -22,   37,  -46,  -36,  -27,   12,   -4,  -68,  -24], // them: soldier last rank
    [   18,   94,   38,   42, -100,  -12,  -41,  124,   44,   17,  -27, -108,   -3,  -32,  -45,    3], // them: soldiers connected
    [  -12,    1,  -14,   -2,   -5,   -9,   27,   -5,  -29,   -7,   -3,   -6,    2,   -1,   -2,    4], // them: soldier centre
    [   27,   22,    3,   -2,   22,  -13,   22,   -3,   -7,   -5,   18,   28,    8,   -1,    5,   10], // them: soldier at river
    [   -2,    3,   -3,   -2,    5,   -2,    7,    7,   -6,    1,    5,   -5,   -2,    4,    0,    0], // them: horse mobility
    [    0,   -9,  -11,   -3,   -1,   -6,   -5,    3,   -6,    2,   -3,   -4,    0,   -1,   -2,   -6], // them: horse centre
    [   -9,   -5,    7,    5,    0,    8,   13,  -18,   21,  -16,  -45,   25,    7,   13,   11,   19], // them: horse active ranks
    [   31,    5,    9,   28,    7,   -9,  -11,   12,  -62,   -8,    3,   36,   22,    0,   11,  -35], // them: horse edge
    [    7,   10,   31,  -12,  -12,    3,   -5,   64,   39,   14,  -45,   22,    7,   40,    1,  -44], // them: horse trapped
    [   10,    4,    8,    8,    3,    4,    8,    9,    8,   -1,    4,    3,  -11,   10,    6,   -8], // them: chariot mobility
    [   10,  -28,    1,  -16,   25,   -6,    6,  -15,  -13,  -12,   11,  -33,   14,  -44,   24,   13], // them: chariot open file
    [   15,  -59,  -12,   -1,   -9,  -15,    7,    1,    7,    3,  -60,    5,  -32,  -21,   43,  -34], // them: chariot crossed
    [  -21,   -5,  -14,   -8,   21,   28,    4,   -4,   26,   -2,   52,   -2,   13,   23,   16,    3], // them: chariot palace file
    [   -2,    0,    1,    1,   -6,   -2,   -1,    1,   -4,    0,   -3,   -2,   -2,    3,    4,   -1], // them: cannon mobility
    [   -8,   24,  -23,  -15,  -77,    8,  -59,   33,   31,   26,    1,  -60,   19,   75,   40,   14], // them: cannon on general file
    [    4,   53,  -39,  -21,   40,    3,   12,  -52, -144,  -11,  -57,   10,  -23,   30, -640,  -16], // them: cannon hollow
    [  -69,   32,  -83,  -42, -125,  -69, -124,  -41,  -39,  -15,  -45,  -45,   -2, -116,   20,    6], // them: cannon double screen
    [   12,  -31,  -35,  -19,   30,  -27,  -23,    1,   33,   17,   19,   13,    3,  -29,   30,   13], // them: cannon home
    [  -19,   13,   10,    2,  -12,    3,   -6,   22,   22,    3,  -10,  -32,  -17,    5,    4,    7], // them: defender home
    [   17,  -13,   38,   75,   -2,    4,   36,   -1,  -65,    1,   17,  -60,    2,   18,  -27,  -26], // them: general home
    [    0,   16,   52,  104,   34,   61,    5,  -31,  167,  -29,   -5,   34,   -2,   12,  -21,    0], // them: general rank
    [   -5,    6,  -16,   -2,   15,  -10,    5,   -6,   -6,  -21,    1,    0,    4,  -11,   -6,  -12], // them: palace attacks
    [    5,  -12,  -10,   -2,  -14,    1,    4,    5,   -6,    5,   -9,    4,   -5,    0,   -2,    0], // them: palace attacks x shortfall
    [   -5,    2,  -25,  -14,    4,   17,   -4,   -2,  -15,  -11,    8,  -12,    4,   -6,   -1,    8], // them: attackers x shortfall
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: hanging (side to move)
    [    7,   -1,  -41,    5,    9,  -18,  -18,   -7,   17,  -45,  -34,   39,  -10,    2,  -15,    9], // them: hanging (side not to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: attacked by lower (side to move)
    [   50,   45,  -40,  -49,  -12,   11,   61,   10,  -12,  -38,   10,   -7,   48,   49,  -30,   -2], // them: attacked by lower (side not to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: doubly attacked (side to move)
    [  -11,   -3,  -18,   20,   10,  -50,  -19,  120,   46,  -44,  -48,  -23,   37,  -17,  -38,  -23], // them: doubly attacked (side not to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: captured unseen
    [    2,  -13,   -3,   -1,   -7,   -6,    2,    1,   -6,    2,    3,   -1,    0,   -1,   -1,    9], // them: hidden mobility
    [  -29,   20,   44,   22,    2,   27,   23,  -11,    2,   -6,   24,  -40,    5,    1,   12,   -8], // them: general mobility
    [  -34,   -8,   17,   -7,   23,   21,  -31,  -26,   -4,   -1,  -15,   13,   -2,    1,  -33,    6], // them: general escapes attacked
];
