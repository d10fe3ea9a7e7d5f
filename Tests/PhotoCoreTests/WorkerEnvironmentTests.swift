@testable import PhotoCore
@testable import Runtime
import Testing

/// The malloc settings a worker is started with (`WorkerProcess.mallocTunables`): ours, after
/// whatever the user set, so the user's other tunables stay and ours are the ones glibc applies.
@Suite struct WorkerEnvironmentTests {
  @Test func withoutTheUsersTunablesOnlyOurs() {
    #expect(WorkerProcess.mallocTunables(after: nil) == "glibc.malloc.mmap_threshold=16777216:glibc.malloc.trim_threshold=33554432")
    #expect(WorkerProcess.mallocTunables(after: "") == WorkerProcess.mallocTunables(after: nil))
  }

  @Test func theUsersTunablesAreKeptFirst() {
    let joined = WorkerProcess.mallocTunables(after: "glibc.malloc.arena_max=2")
    #expect(joined == "glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=16777216:glibc.malloc.trim_threshold=33554432")
  }
}
