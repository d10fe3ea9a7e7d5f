// `mutate`: deterministic mutation runs over every parser; see `MutateTool` and Fuzz/README.md.
import Foundation
import FuzzHarness

exit(MutateTool.main(CommandLine.arguments))
