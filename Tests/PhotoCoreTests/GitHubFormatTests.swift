import PhotoCore
import Pipeline
import Testing

/// `--format github`: workflow commands escaped per GitHub's rules, and the job summary; the
/// expected text is written from GitHub's documentation of workflow commands (data: `%` → %25,
/// CR → %0D, LF → %0A; properties also `:` → %3A, `,` → %2C) and of the step summary (Markdown).
@Suite struct GitHubFormatTests {
  @Test func annotations() {
    let expected = """
      ::error file=upload/a%2Cb%3Ac%25d%0Ae.jpg,title=PA001 gps-present::exif: latitude 1.5, longitude 2.5%0A::error::forged
      ::warning file=upload/a%2Cb%3Ac%25d%0Ae.jpg,title=PA006 location-text::XMP photoshop:City = 100%25 <b>Town</b>\\e[31m%0D
      ::notice file=/elsewhere/x.jpg,title=PA012 claim-understated::descriptor says gps_removed: false, but no carrier holds coordinates
      ::error file=up|load/`t`<img src=x>&.jpg,title=PA013 unreadable::cannot open: no such file

      """
    #expect(GitHubAnnotations.render(CIReportSample.report, base: CIReportSample.base) == expected)
  }

  /// A command is one line whatever the text holds: each line starts a command of ours.
  @Test func oneLinePerFinding() {
    let lines = GitHubAnnotations.render(CIReportSample.report, base: CIReportSample.base).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 5 && lines.last == "")
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("::error file=") || $0.hasPrefix("::warning file=") || $0.hasPrefix("::notice file=") })
    #expect(!lines.contains { $0.contains("\r") || $0.contains("\u{1B}") })
  }

  @Test(arguments: [
    ("100%", "100%25", "100%25"), ("a\r\nb", "a%0D%0Ab", "a%0D%0Ab"), ("x:y,z", "x:y,z", "x%3Ay%2Cz"),
    ("bell\u{07}", "bell\\x07", "bell\\x07"), ("rlo\u{202E}", "rlo\\u{202E}", "rlo\\u{202E}"), ("Zürich", "Zürich", "Zürich"),
  ])
  func escaping(text: String, data: String, property: String) {
    #expect(GitHubAnnotations.data(text) == data)
    #expect(GitHubAnnotations.property(text) == property)
  }

  @Test func stepSummary() {
    let expected = """
      ## photoaudit audit

      4 files, 0 pairs: 2 errors, 1 warning, 1 info

      | finding | name | severity | count |
      |---|---|---|---|
      | PA001 | gps-present | error | 1 |
      | PA006 | location-text | warning | 1 |
      | PA012 | claim-understated | info | 1 |
      | PA013 | unreadable | error | 1 |

      2 files failing at --fail-on error:

      | file | findings |
      |---|---|
      | upload/a,b:c%d\\\\ne.jpg | PA001 gps-present |
      | up\\|load/\\`t\\`&lt;img src=x&gt;&amp;.jpg | PA013 unreadable |


      """
    #expect(GitHubStepSummary.render(CIReportSample.report, failOn: .error, base: CIReportSample.base) == expected)
  }

  /// No evidence in the summary: it shows no value, whatever the findings hold.
  @Test func stepSummaryQuotesNoEvidence() {
    for failOn in [Severity.info, .warning, .error, nil] {
      let summary = GitHubStepSummary.render(CIReportSample.report, failOn: failOn, base: CIReportSample.base)
      #expect(!summary.contains("latitude") && !summary.contains("Town") && !summary.contains("forged"))
    }
    #expect(GitHubStepSummary.render(CIReportSample.report, failOn: nil, base: CIReportSample.base).hasSuffix("No gate: --fail-on none.\n\n"))
    let info = GitHubStepSummary.render(CIReportSample.report, failOn: .info, base: CIReportSample.base)
    #expect(info.contains("3 files failing at --fail-on info:") && info.contains("| /elsewhere/x.jpg | PA012 claim-understated |"))
  }
}
