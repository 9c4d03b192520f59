//! The AI: decides from one seat's view only.
