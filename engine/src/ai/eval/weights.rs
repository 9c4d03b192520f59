//! The evaluation's weights (middle game, end game), one per feature of
//! [`super::name`], as printed by `jieqi tune`.
//! Fitted on 459887 positions (45887 held out): K = 0.2783; mean squared error
//! 0.033715 -> 0.031742, held out 0.032061 -> 0.030705
//! (800 iterations at most, rate 2, score weight 0.5, l2 0.0001).
//! Data: `jieqi datagen --games 10000 --nodes 6000 --seed 2 --jobs 2`, played
//! by the engine of commit 1e7e811 (the weights before the piece-square
//! tables); then, from those weights with the tables at zero,
//! `jieqi tune FILE --iterations 800 --rate 2 --l2 0.0001 --score-weight 0.5`.
//! The three features after "captured unseen" (hidden mobility, general
//! mobility, general escapes attacked) were fitted later, the rest held and
//! the learnt correction added to every prediction, on 315 746 positions of
//! `jieqi datagen --games 6000 --nodes 6000 --seed 11 --jobs 2` (the engine
//! of commit d205a11): `jieqi tune FILE --free 55-57 --with-net --iterations
//! 600 --rate 2 --score-weight 0.5`; held-out error 0.037737 -> 0.037357.
//! The next four (a chariot's x-ray on the general, the screen between the
//! generals, the side to move's two most valuable threatened pieces) were
//! fitted the same way on 1 387 459 positions (the five datagen files of
//! `net_weights.rs`): `--free 58-61 --iterations 600`, held-out error
//! 0.034218 -> 0.034131. The last two (the other side's threatened pieces)
//! fitted to nothing (0.033959 -> 0.033957 with `--free 62-63`) and stay at
//! 0: inputs of the learnt correction only.

use super::{Weight, FEATURES};

#[rustfmt::skip]
pub const WEIGHTS: [Weight; FEATURES] = [
    (269, 259),   // material advisor
    (228, 211),   // material elephant
    (581, 710),   // material horse
    (1223, 1331), // material chariot
    (683, 660),   // material cannon
    (101, 191),   // material soldier
    (200, 180),   // material bound advisor
    (200, 190),   // material bound elephant
    (204, 161),   // hidden pool advisor
    (171, 165),   // hidden pool elephant
    (477, 585),   // hidden pool horse
    (954, 1088),  // hidden pool chariot
    (555, 545),   // hidden pool cannon
    (92, 132),    // hidden pool soldier
    (-57, -31),   // hidden on advisor point
    (-15, 11),    // hidden on elephant point
    (-7, 11),     // hidden on horse point
    (35, 49),     // hidden on chariot point
    (63, 33),     // hidden on cannon point
    (-62, -21),   // hidden on soldier point
    (40, 2),      // tempo
    (46, 52),     // soldier crossed
    (32, 26),     // soldier advance
    (25, 32),     // soldier near palace
    (-10, -20),   // soldier last rank
    (8, 12),      // soldiers connected
    (30, 45),     // soldier centre
    (56, 43),     // soldier at river
    (9, 30),      // horse mobility
    (2, -1),      // horse centre
    (40, 24),     // horse active ranks
    (-31, -5),    // horse edge
    (-22, -16),   // horse trapped
    (19, 76),     // chariot mobility
    (22, 31),     // chariot open file
    (12, 26),     // chariot crossed
    (30, 25),     // chariot palace file
    (2, 9),       // cannon mobility
    (41, 13),     // cannon on general file
    (12, 16),     // cannon hollow
    (31, 19),     // cannon double screen
    (26, 1),      // cannon home
    (30, 26),     // defender home
    (3, -7),      // general home
    (-15, 8),     // general rank
    (18, 13),     // palace attacks
    (-16, -4),    // palace attacks x shortfall
    (-1, 17),     // attackers x shortfall
    (-59, -42),   // hanging (side to move)
    (-51, -42),   // hanging (side not to move)
    (-21, -14),   // attacked by lower (side to move)
    (-48, -31),   // attacked by lower (side not to move)
    (-23, -10),   // doubly attacked (side to move)
    (-21, -20),   // doubly attacked (side not to move)
    (14, -24),    // captured unseen
    (0, 8),       // hidden mobility
    (50, 15),     // general mobility
    (-7, -23),    // general escapes attacked
    (6, 131),     // chariot x-ray on general
    (9, -35),     // screen between generals
    (-6, -14),    // threatened value (side to move)
    (-6, -42),    // second threatened value (side to move)
    (0, 0),       // threatened value (side not to move)
    (0, 0),       // second threatened value (side not to move)
    (0, 0),       // checks (side to move)
    (0, 0),       // checks (side not to move)
    (0, 0),       // safe checks (side to move)
    (0, 0),       // safe checks (side not to move)
    (0, 0),       // square general rank 0 file 0
    (0, 0),       // square general rank 0 file 1
    (0, 0),       // square general rank 0 file 2
    (-4, -10),    // square general rank 0 file 3
    (3, -1),      // square general rank 0 file 4
    (0, 0),       // square general rank 1 file 0
    (0, 0),       // square general rank 1 file 1
    (0, 0),       // square general rank 1 file 2
    (-1, 2),      // square general rank 1 file 3
    (15, 9),      // square general rank 1 file 4
    (0, 0),       // square general rank 2 file 0
    (0, 0),       // square general rank 2 file 1
    (0, 0),       // square general rank 2 file 2
    (-7, -1),     // square general rank 2 file 3
    (-6, 0),      // square general rank 2 file 4
    (0, 0),       // square general rank 3 file 0
    (0, 0),       // square general rank 3 file 1
    (0, 0),       // square general rank 3 file 2
    (0, 0),       // square general rank 3 file 3
    (0, 0),       // square general rank 3 file 4
    (0, 0),       // square general rank 4 file 0
    (0, 0),       // square general rank 4 file 1
    (0, 0),       // square general rank 4 file 2
    (0, 0),       // square general rank 4 file 3
    (0, 0),       // square general rank 4 file 4
    (0, 0),       // square general rank 5 file 0
    (0, 0),       // square general rank 5 file 1
    (0, 0),       // square general rank 5 file 2
    (0, 0),       // square general rank 5 file 3
    (0, 0),       // square general rank 5 file 4
    (0, 0),       // square general rank 6 file 0
    (0, 0),       // square general rank 6 file 1
    (0, 0),       // square general rank 6 file 2
    (0, 0),       // square general rank 6 file 3
    (0, 0),       // square general rank 6 file 4
    (0, 0),       // square general rank 7 file 0
    (0, 0),       // square general rank 7 file 1
    (0, 0),       // square general rank 7 file 2
    (0, 0),       // square general rank 7 file 3
    (0, 0),       // square general rank 7 file 4
    (0, 0),       // square general rank 8 file 0
    (0, 0),       // square general rank 8 file 1
    (0, 0),       // square general rank 8 file 2
    (0, 0),       // square general rank 8 file 3
    (0, 0),       // square general rank 8 file 4
    (0, 0),       // square general rank 9 file 0
    (0, 0),       // square general rank 9 file 1
    (0, 0),       // square general rank 9 file 2
    (0, 0),       // square general rank 9 file 3
    (0, 0),       // square general rank 9 file 4
    (0, 0),       // square advisor rank 0 file 0
    (-8, -2),     // square advisor rank 0 file 1
    (-3, 0),      // square advisor rank 0 file 2
    (6, 3),       // square advisor rank 0 file 3
    (1, 1),       // square advisor rank 0 file 4
    (2, -4),      // square advisor rank 1 file 0
    (-6, -2),     // square advisor rank 1 file 1
    (-5, -1),     // square advisor rank 1 file 2
    (-1, -1),     // square advisor rank 1 file 3
    (19, 7),      // square advisor rank 1 file 4
    (-17, -1),    // square advisor rank 2 file 0
    (3, 0),       // square advisor rank 2 file 1
    (-13, 2),     // square advisor rank 2 file 2
    (14, 11),     // square advisor rank 2 file 3
    (8, 4),       // square advisor rank 2 file 4
    (-1, -1),     // square advisor rank 3 file 0
    (-12, 0),     // square advisor rank 3 file 1
    (3, 2),       // square advisor rank 3 file 2
    (-1, 4),      // square advisor rank 3 file 3
    (1, 3),       // square advisor rank 3 file 4
    (-21, -2),    // square advisor rank 4 file 0
    (2, 0),       // square advisor rank 4 file 1
    (7, 3),       // square advisor rank 4 file 2
    (2, 2),       // square advisor rank 4 file 3
    (14, 3),      // square advisor rank 4 file 4
    (-4, -2),     // square advisor rank 5 file 0
    (-6, -2),     // square advisor rank 5 file 1
    (1, 0),       // square advisor rank 5 file 2
    (7, 1),       // square advisor rank 5 file 3
    (0, 1),       // square advisor rank 5 file 4
    (-5, -2),     // square advisor rank 6 file 0
    (10, 4),      // square advisor rank 6 file 1
    (3, 6),       // square advisor rank 6 file 2
    (0, 1),       // square advisor rank 6 file 3
    (4, 1),       // square advisor rank 6 file 4
    (1, 1),       // square advisor rank 7 file 0
    (-4, 0),      // square advisor rank 7 file 1
    (4, 2),       // square advisor rank 7 file 2
    (3, 2),       // square advisor rank 7 file 3
    (1, 0),       // square advisor rank 7 file 4
    (0, 0),       // square advisor rank 8 file 0
    (-2, 2),      // square advisor rank 8 file 1
    (6, 2),       // square advisor rank 8 file 2
    (2, 1),       // square advisor rank 8 file 3
    (1, 1),       // square advisor rank 8 file 4
    (3, 2),       // square advisor rank 9 file 0
    (-3, 2),      // square advisor rank 9 file 1
    (-1, 0),      // square advisor rank 9 file 2
    (0, 0),       // square advisor rank 9 file 3
    (0, 0),       // square advisor rank 9 file 4
    (-3, 1),      // square elephant rank 0 file 0
    (3, -2),      // square elephant rank 0 file 1
    (-9, -12),    // square elephant rank 0 file 2
    (4, 0),       // square elephant rank 0 file 3
    (-1, -3),     // square elephant rank 0 file 4
    (-7, -3),     // square elephant rank 1 file 0
    (-5, -1),     // square elephant rank 1 file 1
    (1, 1),       // square elephant rank 1 file 2
    (-9, -3),     // square elephant rank 1 file 3
    (-14, 4),     // square elephant rank 1 file 4
    (0, -6),      // square elephant rank 2 file 0
    (2, -1),      // square elephant rank 2 file 1
    (3, -2),      // square elephant rank 2 file 2
    (6, 0),       // square elephant rank 2 file 3
    (-9, -8),     // square elephant rank 2 file 4
    (1, 1),       // square elephant rank 3 file 0
    (6, 0),       // square elephant rank 3 file 1
    (0, 6),       // square elephant rank 3 file 2
    (-2, 1),      // square elephant rank 3 file 3
    (0, 0),       // square elephant rank 3 file 4
    (7, 1),       // square elephant rank 4 file 0
    (1, -1),      // square elephant rank 4 file 1
    (1, 5),       // square elephant rank 4 file 2
    (-1, -1),     // square elephant rank 4 file 3
    (11, 2),      // square elephant rank 4 file 4
    (4, 2),       // square elephant rank 5 file 0
    (-2, 2),      // square elephant rank 5 file 1
    (0, 1),       // square elephant rank 5 file 2
    (0, 0),       // square elephant rank 5 file 3
    (1, 1),       // square elephant rank 5 file 4
    (-9, -1),     // square elephant rank 6 file 0
    (4, 0),       // square elephant rank 6 file 1
    (4, 4),       // square elephant rank 6 file 2
    (-2, -1),     // square elephant rank 6 file 3
    (0, 3),       // square elephant rank 6 file 4
    (0, 0),       // square elephant rank 7 file 0
    (1, 0),       // square elephant rank 7 file 1
    (3, 3),       // square elephant rank 7 file 2
    (0, 2),       // square elephant rank 7 file 3
    (0, 0),       // square elephant rank 7 file 4
    (0, 0),       // square elephant rank 8 file 0
    (5, 1),       // square elephant rank 8 file 1
    (-2, 0),      // square elephant rank 8 file 2
    (1, 1),       // square elephant rank 8 file 3
    (0, 0),       // square elephant rank 8 file 4
    (2, 1),       // square elephant rank 9 file 0
    (-1, -1),     // square elephant rank 9 file 1
    (0, 1),       // square elephant rank 9 file 2
    (-4, 0),      // square elephant rank 9 file 3
    (0, 0),       // square elephant rank 9 file 4
    (0, 0),       // square horse rank 0 file 0
    (-4, 1),      // square horse rank 0 file 1
    (-2, 0),      // square horse rank 0 file 2
    (5, 1),       // square horse rank 0 file 3
    (-2, -1),     // square horse rank 0 file 4
    (-14, 0),     // square horse rank 1 file 0
    (-1, 0),      // square horse rank 1 file 1
    (-6, -1),     // square horse rank 1 file 2
    (1, 1),       // square horse rank 1 file 3
    (-12, -4),    // square horse rank 1 file 4
    (3, 1),       // square horse rank 2 file 0
    (-4, -1),     // square horse rank 2 file 1
    (0, 0),       // square horse rank 2 file 2
    (-11, -2),    // square horse rank 2 file 3
    (-4, -1),     // square horse rank 2 file 4
    (-2, -1),     // square horse rank 3 file 0
    (-13, 0),     // square horse rank 3 file 1
    (1, 1),       // square horse rank 3 file 2
    (-5, -1),     // square horse rank 3 file 3
    (0, 0),       // square horse rank 3 file 4
    (3, 4),       // square horse rank 4 file 0
    (-6, -1),     // square horse rank 4 file 1
    (-8, -2),     // square horse rank 4 file 2
    (-1, -1),     // square horse rank 4 file 3
    (12, 2),      // square horse rank 4 file 4
    (-1, 0),      // square horse rank 5 file 0
    (0, -1),      // square horse rank 5 file 1
    (6, 1),       // square horse rank 5 file 2
    (7, 0),       // square horse rank 5 file 3
    (2, 0),       // square horse rank 5 file 4
    (-3, 1),      // square horse rank 6 file 0
    (5, 2),       // square horse rank 6 file 1
    (-4, -1),     // square horse rank 6 file 2
    (10, -1),     // square horse rank 6 file 3
    (2, 0),       // square horse rank 6 file 4
    (0, 0),       // square horse rank 7 file 0
    (5, 2),       // square horse rank 7 file 1
    (5, 2),       // square horse rank 7 file 2
    (0, 1),       // square horse rank 7 file 3
    (1, 0),       // square horse rank 7 file 4
    (0, 0),       // square horse rank 8 file 0
    (2, 2),       // square horse rank 8 file 1
    (9, 2),       // square horse rank 8 file 2
    (1, 1),       // square horse rank 8 file 3
    (0, 0),       // square horse rank 8 file 4
    (3, 1),       // square horse rank 9 file 0
    (-4, 3),      // square horse rank 9 file 1
    (-1, 1),      // square horse rank 9 file 2
    (0, 0),       // square horse rank 9 file 3
    (0, 0),       // square horse rank 9 file 4
    (-3, 0),      // square chariot rank 0 file 0
    (9, 0),       // square chariot rank 0 file 1
    (1, 0),       // square chariot rank 0 file 2
    (-2, 0),      // square chariot rank 0 file 3
    (0, 0),       // square chariot rank 0 file 4
    (1, 1),       // square chariot rank 1 file 0
    (4, 1),       // square chariot rank 1 file 1
    (4, 0),       // square chariot rank 1 file 2
    (-7, 0),      // square chariot rank 1 file 3
    (5, 0),       // square chariot rank 1 file 4
    (1, 1),       // square chariot rank 2 file 0
    (-6, 0),      // square chariot rank 2 file 1
    (13, 1),      // square chariot rank 2 file 2
    (7, 2),       // square chariot rank 2 file 3
    (4, 0),       // square chariot rank 2 file 4
    (2, 2),       // square chariot rank 3 file 0
    (5, 1),       // square chariot rank 3 file 1
    (5, 1),       // square chariot rank 3 file 2
    (6, 1),       // square chariot rank 3 file 3
    (3, 2),       // square chariot rank 3 file 4
    (-3, 1),      // square chariot rank 4 file 0
    (7, 1),       // square chariot rank 4 file 1
    (4, 1),       // square chariot rank 4 file 2
    (4, 0),       // square chariot rank 4 file 3
    (-9, 1),      // square chariot rank 4 file 4
    (1, 1),       // square chariot rank 5 file 0
    (1, 2),       // square chariot rank 5 file 1
    (7, 3),       // square chariot rank 5 file 2
    (0, 3),       // square chariot rank 5 file 3
    (-6, 2),      // square chariot rank 5 file 4
    (0, 1),       // square chariot rank 6 file 0
    (-2, -1),     // square chariot rank 6 file 1
    (4, 2),       // square chariot rank 6 file 2
    (0, 0),       // square chariot rank 6 file 3
    (-1, 1),      // square chariot rank 6 file 4
    (1, 0),       // square chariot rank 7 file 0
    (-6, 0),      // square chariot rank 7 file 1
    (4, 1),       // square chariot rank 7 file 2
    (0, 0),       // square chariot rank 7 file 3
    (3, 1),       // square chariot rank 7 file 4
    (-3, 0),      // square chariot rank 8 file 0
    (-3, -3),     // square chariot rank 8 file 1
    (0, -1),      // square chariot rank 8 file 2
    (2, -1),      // square chariot rank 8 file 3
    (2, 1),       // square chariot rank 8 file 4
    (-1, 0),      // square chariot rank 9 file 0
    (-1, -2),     // square chariot rank 9 file 1
    (0, -1),      // square chariot rank 9 file 2
    (-3, -3),     // square chariot rank 9 file 3
    (0, 0),       // square chariot rank 9 file 4
    (-4, 0),      // square cannon rank 0 file 0
    (-6, -3),     // square cannon rank 0 file 1
    (-5, -1),     // square cannon rank 0 file 2
    (3, 0),       // square cannon rank 0 file 3
    (-1, -1),     // square cannon rank 0 file 4
    (-6, 1),      // square cannon rank 1 file 0
    (1, -1),      // square cannon rank 1 file 1
    (-2, 1),      // square cannon rank 1 file 2
    (9, 2),       // square cannon rank 1 file 3
    (16, 1),      // square cannon rank 1 file 4
    (-2, 2),      // square cannon rank 2 file 0
    (-9, -2),     // square cannon rank 2 file 1
    (2, 2),       // square cannon rank 2 file 2
    (5, 1),       // square cannon rank 2 file 3
    (5, 3),       // square cannon rank 2 file 4
    (8, 2),       // square cannon rank 3 file 0
    (-5, -3),     // square cannon rank 3 file 1
    (2, 1),       // square cannon rank 3 file 2
    (1, 1),       // square cannon rank 3 file 3
    (-3, -1),     // square cannon rank 3 file 4
    (-2, 1),      // square cannon rank 4 file 0
    (2, 0),       // square cannon rank 4 file 1
    (-12, -1),    // square cannon rank 4 file 2
    (-1, 1),      // square cannon rank 4 file 3
    (3, 2),       // square cannon rank 4 file 4
    (2, 1),       // square cannon rank 5 file 0
    (4, 0),       // square cannon rank 5 file 1
    (2, 0),       // square cannon rank 5 file 2
    (1, -1),      // square cannon rank 5 file 3
    (1, -1),      // square cannon rank 5 file 4
    (1, 2),       // square cannon rank 6 file 0
    (-1, 0),      // square cannon rank 6 file 1
    (-4, 0),      // square cannon rank 6 file 2
    (1, 0),       // square cannon rank 6 file 3
    (-3, 1),      // square cannon rank 6 file 4
    (1, 3),       // square cannon rank 7 file 0
    (1, 1),       // square cannon rank 7 file 1
    (1, 0),       // square cannon rank 7 file 2
    (0, 0),       // square cannon rank 7 file 3
    (-2, 0),      // square cannon rank 7 file 4
    (5, 2),       // square cannon rank 8 file 0
    (-5, -2),     // square cannon rank 8 file 1
    (1, -1),      // square cannon rank 8 file 2
    (-4, -2),     // square cannon rank 8 file 3
    (-2, 0),      // square cannon rank 8 file 4
    (6, 4),       // square cannon rank 9 file 0
    (-10, 0),     // square cannon rank 9 file 1
    (-5, -2),     // square cannon rank 9 file 2
    (-7, -2),     // square cannon rank 9 file 3
    (0, -1),      // square cannon rank 9 file 4
    (0, 0),       // square soldier rank 0 file 0
    (9, 2),       // square soldier rank 0 file 1
    (-7, -3),     // square soldier rank 0 file 2
    (-3, -2),     // square soldier rank 0 file 3
    (-1, 0),      // square soldier rank 0 file 4
    (14, 1),      // square soldier rank 1 file 0
    (1, -1),      // square soldier rank 1 file 1
    (-1, 0),      // square soldier rank 1 file 2
    (6, -3),      // square soldier rank 1 file 3
    (-86, -25),   // square soldier rank 1 file 4
    (-6, 3),      // square soldier rank 2 file 0
    (2, 0),       // square soldier rank 2 file 1
    (12, 12),     // square soldier rank 2 file 2
    (12, 4),      // square soldier rank 2 file 3
    (-6, -1),     // square soldier rank 2 file 4
    (-4, -6),     // square soldier rank 3 file 0
    (5, 0),       // square soldier rank 3 file 1
    (-3, 1),      // square soldier rank 3 file 2
    (-2, 0),      // square soldier rank 3 file 3
    (0, 3),       // square soldier rank 3 file 4
    (13, 11),     // square soldier rank 4 file 0
    (3, 1),       // square soldier rank 4 file 1
    (3, 13),      // square soldier rank 4 file 2
    (0, 1),       // square soldier rank 4 file 3
    (5, 2),       // square soldier rank 4 file 4
    (-2, 3),      // square soldier rank 5 file 0
    (8, 1),       // square soldier rank 5 file 1
    (-5, 1),      // square soldier rank 5 file 2
    (-4, 0),      // square soldier rank 5 file 3
    (-4, 0),      // square soldier rank 5 file 4
    (16, 4),      // square soldier rank 6 file 0
    (-3, 2),      // square soldier rank 6 file 1
    (7, 6),       // square soldier rank 6 file 2
    (2, 2),       // square soldier rank 6 file 3
    (-3, 1),      // square soldier rank 6 file 4
    (-1, -3),     // square soldier rank 7 file 0
    (0, 0),       // square soldier rank 7 file 1
    (1, 2),       // square soldier rank 7 file 2
    (1, 2),       // square soldier rank 7 file 3
    (1, 3),       // square soldier rank 7 file 4
    (-10, -3),    // square soldier rank 8 file 0
    (1, 1),       // square soldier rank 8 file 1
    (3, -3),      // square soldier rank 8 file 2
    (1, -4),      // square soldier rank 8 file 3
    (1, 2),       // square soldier rank 8 file 4
    (-2, -1),     // square soldier rank 9 file 0
    (3, 5),       // square soldier rank 9 file 1
    (3, -2),      // square soldier rank 9 file 2
    (-1, -6),     // square soldier rank 9 file 3
    (-1, -1),     // square soldier rank 9 file 4
];
