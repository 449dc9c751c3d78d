//! `vf-pmlog`: a crash-consistent log on persistent memory, and the checker that enumerates its
//! crash states.
//!
//! * [`region`]: the PM abstraction (mapped file with clwb/clflushopt/clflush+sfence or msync).
//! * [`sim`]: simulated PM that records stores/flushes/fences and enumerates crash images.
//! * [`log`]: the log ([`PmLog`]): create/open/recover, tentatively_append, commit, advance_head, read.
//! * [`multilog`]: several logs in one region, one atomic commit across all of them ([`MultiLog`]).
//! * [`mchecker`]: the crash checker for the multilog.
//! * [`checker`]: runs operation sequences and checks every crash state against the model.
//! * [`stress`]: the writer/verifier pair used by the SIGKILL test.
//! * [`bench`]: the append-throughput workload shared by the CLI and `bench/pmlog`.

pub mod bench;
pub mod checker;
pub mod checksum;
pub mod error;
pub mod layout;
pub mod log;
pub mod mchecker;
pub mod multilog;
pub mod region;
pub mod sim;
pub mod stress;

pub use error::LogError;
pub use log::{recover, PmLog, Protocol, Recovered, SumKind, Tuning};
pub use multilog::{recover_multi, MultiLog, MultiProtocol};
pub use region::{MmapRegion, Persistence, PmRegion};
pub use sim::SimRegion;
