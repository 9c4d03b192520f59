//! The evaluation's weights (middle game, end game), one per feature of
//! [`super::NAMES`], as printed by `jieqi tune`.
//! Fitted on 139113 positions (13500 held out): K = 0.3034; mean squared error
//! 0.123340 -> 0.114296, held out 0.132726 -> 0.128508
//! (1000 iterations at most, rate 2, score weight 0, l2 0.001).
//! Data: `jieqi datagen --games 3000 --nodes 3000 --seed 1 --jobs 2` played
//! with the hand-set weights these replace; then
//! `jieqi tune FILE --iterations 1000 --rate 2 --l2 0.001`.

use super::{Weight, FEATURES};

#[rustfmt::skip]
pub const WEIGHTS: [Weight; FEATURES] = [
    (253, 207),   // material advisor
    (236, 212),   // material elephant
    (607, 698),   // material horse
    (1169, 1309), // material chariot
    (700, 648),   // material cannon
    (125, 162),   // material soldier
    (200, 180),   // material bound advisor
    (200, 190),   // material bound elephant
    (179, 161),   // hidden pool advisor
    (174, 168),   // hidden pool elephant
    (513, 592),   // hidden pool horse
    (964, 1099),  // hidden pool chariot
    (573, 548),   // hidden pool cannon
    (82, 129),    // hidden pool soldier
    (-21, -2),    // hidden on advisor point
    (-6, 9),      // hidden on elephant point
    (0, 4),       // hidden on horse point
    (14, 35),     // hidden on chariot point
    (41, 31),     // hidden on cannon point
    (-40, -4),    // hidden on soldier point
    (5, 6),       // tempo
    (37, 38),     // soldier crossed
    (25, 23),     // soldier advance
    (23, 26),     // soldier near palace
    (-12, -16),   // soldier last rank
    (5, 10),      // soldiers connected
    (34, 24),     // soldier centre
    (33, 16),     // soldier at river
    (13, -2),     // horse mobility
    (6, 3),       // horse centre
    (25, 17),     // horse active ranks
    (-20, -11),   // horse edge
    (-16, -15),   // horse trapped
    (25, 41),     // chariot mobility
    (13, 17),     // chariot open file
    (12, 20),     // chariot crossed
    (21, 13),     // chariot palace file
    (3, -9),      // cannon mobility
    (20, 7),      // cannon on general file
    (22, 17),     // cannon hollow
    (14, 9),      // cannon double screen
    (17, -3),     // cannon home
    (33, 22),     // defender home
    (4, 4),       // general home
    (-3, -2),     // general rank
    (8, 9),       // palace attacks
    (-16, 8),     // palace attacks x shortfall
    (-2, 10),     // attackers x shortfall
    (-25, -17),   // hanging (side to move)
    (-35, -39),   // hanging (side not to move)
    (-14, -11),   // attacked by lower (side to move)
    (-32, -30),   // attacked by lower (side not to move)
    (-10, -6),    // doubly attacked (side to move)
    (-22, -20),   // doubly attacked (side not to move)
    (6, -16),     // captured unseen
];
