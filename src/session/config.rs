//! STUB (replaced by the h-parts branch).
use crate::ai::Level;
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent { Human, Ai(Level) }
impl Opponent {
    pub fn parse(s: &str) -> Option<Opponent> { if s == "human" { Some(Opponent::Human) } else { Level::from_id(s).map(Opponent::Ai) } }
    pub fn id(self) -> &'static str { match self { Opponent::Human => "human", Opponent::Ai(l) => l.id() } }
    pub fn level(self) -> Option<Level> { match self { Opponent::Ai(l) => Some(l), Opponent::Human => None } }
}
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Takebacks { #[default] Fair, Casual, Off }
