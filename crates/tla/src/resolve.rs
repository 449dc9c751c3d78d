//! Name resolution (placeholder module filled below).
