//! STUB (replaced by the h-parts branch).
