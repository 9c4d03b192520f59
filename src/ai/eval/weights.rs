//! The evaluation's weights (middle game, end game), one per feature of
//! [`super::NAMES`]. Hand-set starting values; `jieqi tune` prints a
//! replacement for this table fitted on self-play data.

use super::{Weight, FEATURES};

#[rustfmt::skip]
pub const WEIGHTS: [Weight; FEATURES] = [
    (230, 190),   // material advisor
    (220, 200),   // material elephant
    (620, 700),   // material horse
    (1150, 1300), // material chariot
    (700, 650),   // material cannon
    (130, 160),   // material soldier
    (200, 180),   // material bound advisor
    (200, 190),   // material bound elephant
    (195, 161),   // hidden pool advisor
    (187, 170),   // hidden pool elephant
    (527, 595),   // hidden pool horse
    (977, 1105),  // hidden pool chariot
    (595, 552),   // hidden pool cannon
    (110, 136),   // hidden pool soldier
    (10, 10),     // hidden on advisor point
    (10, 10),     // hidden on elephant point
    (5, 5),       // hidden on horse point
    (40, 40),     // hidden on chariot point
    (30, 30),     // hidden on cannon point
    (0, 0),       // hidden on soldier point
    (10, 10),     // tempo
    (30, 30),     // soldier crossed
    (12, 12),     // soldier advance
    (20, 20),     // soldier near palace
    (-10, -10),   // soldier last rank
    (5, 10),      // soldiers connected
    (4, 4),       // soldier centre
    (4, 4),       // soldier at river
    (4, 4),       // horse mobility
    (6, 6),       // horse centre
    (15, 15),     // horse active ranks
    (-10, -10),   // horse edge
    (-15, -15),   // horse trapped
    (3, 4),       // chariot mobility
    (10, 10),     // chariot open file
    (15, 15),     // chariot crossed
    (8, 8),       // chariot palace file
    (2, 2),       // cannon mobility
    (10, 5),      // cannon on general file
    (30, 20),     // cannon hollow
    (10, 5),      // cannon double screen
    (5, 0),       // cannon home
    (15, 15),     // defender home
    (10, 10),     // general home
    (-10, -10),   // general rank
    (3, 3),       // palace attacks
    (2, 2),       // palace attacks x shortfall
    (20, 20),     // attackers x shortfall
    (-10, -10),   // hanging (side to move)
    (-40, -40),   // hanging (side not to move)
    (-10, -10),   // attacked by lower (side to move)
    (-30, -30),   // attacked by lower (side not to move)
    (-5, -5),     // doubly attacked (side to move)
    (-20, -20),   // doubly attacked (side not to move)
    (0, 0),       // captured unseen
];
