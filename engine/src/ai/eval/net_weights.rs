//! The weights of the evaluation's learnt correction ([`super`]), as
//! printed by `jieqi tune --net`. Fitted on 630055 positions (63000 held out),
//! the linear weights fixed: K = 0.3122; held-out mean squared error
//! 0.004940 (linear alone) -> 0.003876
//! (24 epochs at most, batch 1024, rate 0.001, score weight 1, seed 1).
//! Data: `jieqi datagen --games 6000 --nodes 6000 --jobs 2` with `--seed 11`
//! by the engine of commit d205a11 and with `--seed 12` by that of f013db0
//! (the linear weights of `weights.rs`), the two files concatenated; then
//! `jieqi tune FILE --net --epochs 24 --score-weight 1`. Each side's
//! features are inputs of their own (`us:` the side to move's, `them:` the
//! other's): on the same data, one input a feature (the side to move's
//! count less the other's) gave 0.004509 held out (of 315 746 positions,
//! the first file), the two 0.004317; 32 units instead of 16 0.003839
//! (both files), not worth twice the work.

use super::{HIDDEN, INPUTS};

pub const OUT_BIAS: i32 = -170;
#[rustfmt::skip]
pub const OUT: [i16; HIDDEN] = [68, 206, 100, 83, 62, 85, -242, 254, 84, 179, 68, 106, -144, 65, 71, -248];
#[rustfmt::skip]
pub const B1: [i32; HIDDEN] = [1878, 1703, 2519, 1287, 1251, 1922, 2940, 2106, 2242, 1197, 900, 1310, 2218, 1707, 1293, 2163];
#[rustfmt::skip]
pub const W1: [[i16; HIDDEN]; INPUTS] = [
    [  -23,   37,    4,   22,   32,   -8,    3,    0,  -17,    7,   27,  -13,    4,    0,  -11,   -5], // us: material advisor
    [   -6,    6,   14,   30,  -14,   10,   32,   -9,   27,   -1,    9,  -25,    6,    3,   28,  -10], // us: material elephant
    [  -34,   46,  -42,   -1,  -43,   20,   53,   54,  -17,   13,  -17,  -50,   26,  -17,  -25,    2], // us: material horse
    [  128,  174,   47,   82,   28,   52,  -15,  114,  107,  211,  108,   41,  -31,   64,   67,  -64], // us: material chariot
    [  -54,    5,  -61,   35,  -27,    6,  172,   25,  -49,   29,  -24,  -24,   50,  -13,  -21,    7], // us: material cannon
    [    1,   -5,   18,   11,    2,    9,    4,   -1,   20,   -4,    1,   -6,    0,    0,  -17,    5], // us: material soldier
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // us: material bound advisor
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // us: material bound elephant
    [  -37,   12,   -2,  -54,   28,  -26,   -5,   20,  -23,  -20,   -2,  -27,    1,   17,   -7,   24], // us: hidden pool advisor
    [  -18,   -8,   13,  -19,  -33,  -26,   41,    7,   18,   -2,    9,  -12,   -5,    3,   39,   60], // us: hidden pool elephant
    [   25,   -2,  -14,  -31,   16,   -1,   39,   21,   20,   12,   14,  -42,   25,  -24,  -87,    4], // us: hidden pool horse
    [   13,  -65,  -25,  -47,   17,   83,   77,  -84,   46,  -72,   62,   22,   17,  -26,   23,  -15], // us: hidden pool chariot
    [  -23,    2,  -24,   -1,   15,   27,   60,  -17,    3,   -6,   36,  -36,   18,  -15,   62,    0], // us: hidden pool cannon
    [   -3,   -3,    7,  -13,   -3,  -29,  -14,    9,  -12,   10,    8,   -9,   -6,   33,   15,   26], // us: hidden pool soldier
    [   13,   22,   -6,    7,   46,    6,   -4,   12,   30,  -10,  -18,   25,   -9,   53,   48,   20], // us: hidden on advisor point
    [    0,   -9,  -22,   31,   44,    3,   -2,   -2,   -9,   29,   27,  -50,    5,   64,    4,  -15], // us: hidden on elephant point
    [   44,   -9,   11,    7,  -16,    6,  -15,    2,  -10,   13,   26,  -21,   11,   34,   44,    8], // us: hidden on horse point
    [   -2,  -43,   17,    2,   37,   21,   -1,  -24,  -30,  -37,   20,    1,   -3,   63,   56,   18], // us: hidden on chariot point
    [   27,   38,   37,  -42,    0,  -22,  -19,  -18,   -7,  163,  -23,  -37,  -24,   11,   88,    2], // us: hidden on cannon point
    [    3,   34,   40,  -10,  -35,   19,    2,   21,   31,  -38,    3,   -6,  -27,  -55,   -6,   37], // us: hidden on soldier point
    [  -23,  -21,   34,  -69,  -67,   -7,   66,  -14,   -2,  -51,  -53,  -50,   33,  -44,  -26,   -5], // us: tempo
    [   31,    9,  -50,  -21,   38,   29,  -22,   -1,  -10,  -14,    4,  -60,   27,   10,   -4,  -15], // us: soldier crossed
    [    0,   10,    7,   -1,   -1,  -21,    9,    1,  -16,    1,  -36,   17,   -2,   11,   -4,   -3], // us: soldier advance
    [  -50,   92,  -11,  -28,  -45,  -22,   13,  -10,  -17,   35,   51,  -15,   -4,   24,   51,  -10], // us: soldier near palace
    [   18,   30,   50,   11,   50,  -18,  109,  -42,  -29,   27,  -29,   37,  -37,  -59,   -2,   13], // us: soldier last rank
    [  -92,  -31,   47,   -7, -125,   -3,  115,  -48,   46,   26,  171,   24,  -23, -152,   75,   37], // us: soldiers connected
    [    0,    7,   13,    7,   -5,   -9,   12,    3,    2,    4,  -18,    3,   -7,   16,    0,    5], // us: soldier centre
    [   12,   -3,  -41,   17,    8,   -1,   -5,   -4,  -10,   -1,  -33,   -2,   22,   -4,   15,    0], // us: soldier at river
    [    6,   -1,   10,   -3,    5,    0,   -3,   -4,    5,   -2,    2,   -2,   -3,    0,   -3,    4], // us: horse mobility
    [   11,   -2,    3,    6,    5,    0,   -6,   -6,    8,    1,    7,    5,    1,    4,   10,   -4], // us: horse centre
    [  -25,    7,  -35,   40,  -49,   10,  -22,   -3,  -41,   29,  -24,   19,   14,    3,   30,   -2], // us: horse active ranks
    [   17,  -43,    6,    8,   26,   11,   14,  -26,   52,   45,   49,  -34,    9,   16,  -47,   -7], // us: horse edge
    [   13,  -34,  -51,  -36,   88,   40,  226,  -25,    8,  -67,   71, -125,   39,  -57,  -14,   -1], // us: horse trapped
    [   -9,  -11,   -8,   -4,   -5,    0,    9,   -6,   -4,   -8,   -6,   -6,    3,   -8,   -7,    9], // us: chariot mobility
    [  -13,   23,  -11,   19,    3,  -48,   14,   14,  -18,   27,   40,  -38,   16,    6,   51,  -14], // us: chariot open file
    [  -19,  -70,  -16,   34,   14,  -17,    0,  -14,   25,  -28,   -1,   46,    2,   11,   82,    0], // us: chariot crossed
    [    8,   81,  -50,  -13,  -21,   13,   -9,  -12,  -34,   32,  -17,  -44,   10,    5,   20,  -19], // us: chariot palace file
    [    1,   -2,    5,    4,    1,   -2,   -9,   -2,    3,   -2,    3,    0,   -3,   -1,    0,    2], // us: cannon mobility
    [   -3,  -30,   40,    8,  -49,   13,  -96,  -43,   36,   26,    8,  -50,   -6,  -55,  135,    2], // us: cannon on general file
    [  159,  -49,   61,   -9,   47,   92, -133,  -23,  -41,  -48,  -75,   -1,  -66,  -68,  -29,    3], // us: cannon hollow
    [  -42,  222,   96,   13,  120,  -55,   62,   43,  -23,   59,   -3,   92,  -12,  -22,  -36,  -20], // us: cannon double screen
    [   12,   53,    2,    4,   43,    4,  -54,    6,    4,    6,    6,  -45,  -11,   -1,   22,   -6], // us: cannon home
    [   -4,    6,    0,  -26,  -18,   -4,    4,   11,    2,    1,    2,   28,   -5,  -26,   -9,   13], // us: defender home
    [  -18,    1,   10,  -57,  -29,    6,   57,   30,   41,  -44, -112,  -48,  -10,    4,  -53,    5], // us: general home
    [ -111,    4,   -2,  -68, -146,    2,   60,   29,   11,  -27,  -98,  -60,   30,   -2,  -56,  -17], // us: general rank
    [    1,  -21,   -3,    9,   -6,  -24,  -35,   -1,   -1,   -8,   -2,   24,    1,   -1,   -2,    2], // us: palace attacks
    [    7,   -8,    8,  -13,   15,  -16,  -13,    5,    8,   -6,    9,    3,   -8,    3,    0,    2], // us: palace attacks x shortfall
    [    0,   23,    7,   17,    7,  -18,   10,   -4,  -11,    8,    3,    0,    6,    1,   -1,   -3], // us: attackers x shortfall
    [  -23,   -2,    7,   12,   -3, -115,  -25,    5,  -44,  -13,   -7,  -21,    5,  -10,   24,   -9], // us: hanging (side to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // us: hanging (side not to move)
    [   45,    1,  -43,  -45,  -47, -213,  -13,   14,  -21,   27,  -27,  -16,    6,  -56,   30,   -7], // us: attacked by lower (side to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // us: attacked by lower (side not to move)
    [    3,  -26,  -59,   39,  -71,  -87,    6,  -27,    8,  -48,   -5,   -8,   25,   28,  -38,   12], // us: doubly attacked (side to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // us: doubly attacked (side not to move)
    [   12,    2,   12,    3,   19,   10,   -5,  -10,    7,   -7,    7,    3,  -13,   14,   -7,   -5], // us: captured unseen
    [    2,   -4,    0,    8,    2,    2,   -2,   -6,    1,   26,    5,    6,    0,   20,    8,   -2], // us: hidden mobility
    [  -21,   46,   32,   -9,  -40,  -14,   14,    0,  -54,    5,  -14,  -21,  -13,   -8,   -9,   -8], // us: general mobility
    [  -12,    0,   35,  -13,  -37,   14,   -4,    8,   59,  -11,  -44,   18,   -8,   26,  -11,   -9], // us: general escapes attacked
    [   14,   15,   12,  -43,    0,   18,   28,   -9,    3,   17,   55,    7,   -7,  -11,  -22,   15], // them: material advisor
    [   -8,   22,    9,  -15,    0,    3,   29,  -18,   15,   13,  -13,   -6,    3,   17,   11,    5], // them: material elephant
    [  -15,   16,   27,   29,   15,    2,  -10,  -63,    5,   30,   16,   19,   -5,    2,   20,   16], // them: material horse
    [  -78,  -65,  -61,  -42,   -9,  -64,   -3, -227,  -52,  -63,  -27,  -10,   94,  -89,  -44,  185], // them: material chariot
    [   34,   54,   36,   26,    0,  -10,  -52,  -53,   33,   42,   26,   47,  -11,   14,   35,   18], // them: material cannon
    [    0,   20,   -1,   -4,   -5,   13,    9,   -2,   -1,    4,    4,   -2,    7,    6,    8,   -7], // them: material soldier
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: material bound advisor
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: material bound elephant
    [   38,   33,   28,  -12,   17,   -1,    2,    2,  -11,    2,   15,  -61,    0,   -9,  -28,   -3], // them: hidden pool advisor
    [   13,   16,    9,  -29,   14,   16,    9,  -14,  -16,    7,  -46,  -17,   15,   17,  -10,  -20], // them: hidden pool elephant
    [  -31,   24,  -10,   51,  -12,  -19,  -47,  -22,   14,   41,    4,   41,    6,  -33,   62,   -5], // them: hidden pool horse
    [  -68,  107,  -12,    0,    7,  -21,  -81,  -95,   76,  101,  285,  157,   19,  -11,  286,   -9], // them: hidden pool chariot
    [  -13,   46,   30,    6,  -47,  -18,  -33,  -31,   21,   64,   68,   24,   -1,   -9,   25,   13], // them: hidden pool cannon
    [   14,   10,   -4,  -11,  -13,   10,  -10,   12,   -6,   -2,  -35,  -32,    1,   -1,  -28,    8], // them: hidden pool soldier
    [  -17,   65,  -19,    9,    8,   -5,   27,  -19,   -5,   12,   13,   10,    9,   -9,    8,   -3], // them: hidden on advisor point
    [    1,   36,   12,  -51,  -19,    3,  -46,  -21,   12,    9,  -29,   -9,  -17,   21,    4,   20], // them: hidden on elephant point
    [   19,   34,   27,  -68,  -17,    2,   13,  -20,   -9,    6,    3,   19,  -17,   15,    7,   16], // them: hidden on horse point
    [   -9,   69,   -5,  -59,   -8,   27,    3,   -4,   -6,   16,   48,  -24,    6,  -54,   19,   -1], // them: hidden on chariot point
    [   25,  135,   48,  -91,  -19,    8,   15,  -13,  -44,  -32,  -19,    8,   -6,   16,  116,   12], // them: hidden on cannon point
    [    5,  -23,   -7,   37,    4,  -12,   -2,  -15,  -30,  -11,    9,   26,   -1,   19,  -14,   -2], // them: hidden on soldier point
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: tempo
    [   -8,   -3,   68,   32,   -1,  -42,   -4,  -22,  -52,   33,   52,    1,  -12,   10,   37,    0], // them: soldier crossed
    [   -5,  -20,  -35,   36,   -6,   24,   -1,  -12,   37,  -14,   36,   21,   -9,   -4, -101,    4], // them: soldier advance
    [ -188,   34,  -30,   52,  161,   15,  154,   -2,   24,   25,  -10, -496,  -15,  -91,   79,   -5], // them: soldier near palace
    [  -62,  -32,  -93,   56,    2,   39,   54,   14,   90,  -38,  -26,   53,   16,  -36, -116,   -5], // them: soldier last rank
    [  -20,  126,   61,   88,  -27,  -45,  -11,  -19,  -15,   33, -119,  135,   40,  -77,  -37,  -50], // them: soldiers connected
    [   -3,    5,  -11,   -9,  -16,    3,    5,    7,   12,   -9,  -18,    6,    1,  -28,   20,    1], // them: soldier centre
    [   -5,   -4,    8,   22,   14,  -21,  -22,  -18,   16,   12,   30,    4,  -10,   -6,   16,   -8], // them: soldier at river
    [    3,    8,   -4,    3,    1,   -4,    6,    3,   -1,    4,    4,   -9,    2,   -2,    4,   -3], // them: horse mobility
    [   -2,    0,   -4,  -14,   -5,   -6,    0,    5,   -9,    2,   -9,   -6,    1,   -1,   10,   -1], // them: horse centre
    [    7,  -15,    0,   -1,   37,   -5,  -38,   -9,   34,   -9,   -1,    4,   -6,   58,  -50,   21], // them: horse active ranks
    [   25,   -1,   60,  -49,  -44,   -8,  -10,  -15,  -10,  -12,   70,   56,  -38,  -10,  -47,    1], // them: horse edge
    [   -9,  203,   -6,    8,   10,   -7,  -13,    0,  -20,   56,   63,    3,   23,   29,  -24,  -27], // them: horse trapped
    [    5,   10,    6,    5,    3,    2,   -5,   10,    4,   11,    4,    7,   -6,    6,    7,  -10], // them: chariot mobility
    [    9,  -12,   12,  -20,   37,   19,   17,  -23,   -9,  -18,   -7,   41,    1,  -75,   22,   20], // them: chariot open file
    [   22,   -1,  -25,  -67,   28,   14,  -20,   27,    2,    3,  -66,   52,   11,  -15,  -50,  -15], // them: chariot crossed
    [   40,  -29,   -8,  -23,   69,   -9,    5,  -15,  -36,    4,   35,  -15,   -7,    4,   66,  -11], // them: chariot palace file
    [    4,    2,    2,   -2,   -3,   -1,    2,    3,   -1,    0,   -2,   -2,    0,    1,   -3,   -1], // them: cannon mobility
    [  -11,   40,  -30,   15,   45,   26,   56,    0,   -2,   31,   -3,  -22,   20,   29,  -73,   31], // them: cannon on general file
    [  -24,  -38,  -40,   52, -362,  -35,    6,   -5,   42,  -33, -134,  -21,   11,  205,  -50,  -16], // them: cannon hollow
    [   83,  -72, -129,   42,  -29,   82,   21,   31,  -56,  -77,  -70,  -89,   32,  -77, -106,  226], // them: cannon double screen
    [  -33,   11,  -32,  -21,   35,   15,   -8,  -10,   -4,    8,   -3,  -22,   15,   -3,   -9,   12], // them: cannon home
    [   21,   48,    1,   18,   30,   -1,   28,   11,  -27,   -5,  -20,  -38,   11,    9,  -13,   -6], // them: defender home
    [   11,   -2,   29,   12,   13,   -8,   46,   34,    7,    5,  -10,   30,   -7,   32,  -20,  -18], // them: general home
    [   12,  -30,   38,   29,  -12,   14,  -37,   -7,    5,  -11,   20,   27, -118,   -7,  -32,  -31], // them: general rank
    [   28,  -14,   -3,    6,    3,   -7,    0,    4,   11,  -11,    4,    9,    1,    7,  -18,   -5], // them: palace attacks
    [   -9,    7,  -21,  -12,  -25,    0,   -6,    1,   -5,    5,   -9,    5,    2,    5,   10,    2], // them: palace attacks x shortfall
    [   22,   -4,  -19,    5,    5,    8,   19,   -1,    6,   -4,   18,  -14,    8,  -24,   -8,    0], // them: attackers x shortfall
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: hanging (side to move)
    [  103,  -57,  -32,    7,  -30,    5,  -42,  -37,   47,   11,   -2,   15,  -13,  -42,  -53,  -11], // them: hanging (side not to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: attacked by lower (side to move)
    [  129,   -6,  -32,    9,   -2,  -45,  -12,  -32,   16,   28,   85,   15,   15,    7,  -11,   10], // them: attacked by lower (side not to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: doubly attacked (side to move)
    [  152,   81,   20,  -15,    3,    8,   -8,   -5,   19,    0,   -9,   45,   -4, -103,  -46,   15], // them: doubly attacked (side not to move)
    [    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0], // them: captured unseen
    [   -1,    3,   -5,   -9,   -3,   -3,    1,   -1,    1,    5,    1,  -11,    0,   -3,    1,    1], // them: hidden mobility
    [   18,   -3,   53,   15,   26,   -2,   54,    7,   -3,  -14,   17,   13,  -17,   28,   12,    7], // them: general mobility
    [  -11,  -36,   28,    8,  -31,   23,   -1,  -23,  -14,  -20,  -25,   -2,   -2,   15,  -12,  -12], // them: general escapes attacked
];
