import Testing
@testable import ComposerCore

@Suite struct AttachmentLimitsTests {
    @Test func defaultsMatchTheSpecAndTheConfig() throws {
        let d = AttachmentLimits()
        #expect(d.maxFiles == 10)
        #expect(d.maxFileSizeBytes == 104_857_600)
        #expect(d.allowedTypes == nil)
        #expect(d.maxFileSizeMB == 100)
        #expect(try AttachmentLimits(config: DraftConfig()) == d)
    }

    @Test func builtFromTheConfig() throws {
        let config = try DraftConfig(json: #"{"max_files":3,"max_file_size":2048,"allowed_types":["Image/*","application/PDF"]}"#)
        let l = try AttachmentLimits(config: config)
        #expect(l.maxFiles == 3)
        #expect(l.maxFileSizeBytes == 2048)
        #expect(l.allowedTypes == ["image/*", "application/pdf"])
    }

    @Test func configWithABadPatternIsRefused() throws {
        // The draft's config is checked with the same rule, so a bad pattern never gets that far.
        #expect(throws: ComposerError.invalidArgument(
            "attachment limits: allowed type \"pdf\" is not a MIME type, a type/* pattern or */*")) {
            try DraftConfig(json: #"{"allowed_types":["pdf"]}"#)
        }
    }

    @Test(arguments: [0, -1, Int.min])
    func maxFilesBelowOneIsRefused(_ n: Int) {
        #expect(throws: ComposerError.invalidArgument("attachment limits: max files must be at least 1, not \(n)")) {
            try AttachmentLimits(maxFiles: n, maxFileSizeBytes: 1)
        }
    }

    @Test(arguments: [0, -1, Int64.min])
    func maxSizeBelowOneIsRefused(_ n: Int64) {
        #expect(throws: ComposerError.invalidArgument("attachment limits: max file size must be at least 1 byte, not \(n)")) {
            try AttachmentLimits(maxFiles: 1, maxFileSizeBytes: n)
        }
    }

    @Test(arguments: ["", "pdf", "image", "image/", "/png", "*", "*/png", "image/*/x", "image/png/", "ima ge/png",
                      "image/ png", "image/p*g", "im*/png", "image/png;q=1", "image\\/png", "imagé/png",
                      "image/pn\u{7F}g"])
    func malformedPatternsAreRefused(_ pattern: String) {
        #expect(throws: ComposerError.invalidArgument(
            "attachment limits: allowed type \"\(pattern)\" is not a MIME type, a type/* pattern or */*")) {
            try AttachmentLimits(maxFiles: 1, maxFileSizeBytes: 1, allowedTypes: ["image/png", pattern])
        }
    }

    @Test(arguments: [
        // (patterns, MIME, allowed)
        (["image/*", "application/pdf"], "image/png", true),
        (["image/*", "application/pdf"], "image/heic", true),
        (["image/*", "application/pdf"], "IMAGE/PNG", true),
        (["image/*", "application/pdf"], "image/png; x=y", true),
        (["image/*", "application/pdf"], "application/pdf", true),
        (["image/*", "application/pdf"], "application/pdfx", false),
        (["image/*", "application/pdf"], "application/zip", false),
        (["image/*", "application/pdf"], "video/mp4", false),
        (["image/*", "application/pdf"], "image", false),
        (["image/*", "application/pdf"], "image/", false),
        (["image/*", "application/pdf"], "images/png", false),
        (["image/*", "application/pdf"], "", false),
        (["IMAGE/PNG"], "image/png", true),
        (["image/png"], "image/jpeg", false),
        (["video/*"], "video/quicktime", true),
        (["*/*"], "application/x-anything", true),
        (["*/*"], "", true),
        ([], "image/png", false),
    ] as [([String], String, Bool)])
    func allowListPatterns(_ patterns: [String], _ mime: String, _ allowed: Bool) throws {
        let limits = try AttachmentLimits(maxFiles: 10, maxFileSizeBytes: 100, allowedTypes: patterns)
        #expect(limits.allows(mimeType: mime) == allowed)
    }

    @Test(arguments: ["image/png", "", "nonsense", "application/octet-stream"])
    func noAllowListAllowsEverything(_ mime: String) {
        #expect(AttachmentLimits().allows(mimeType: mime))
    }

    @Test(arguments: [
        (Int64(1), Int64(0)), (1024 * 1024 - 1, 0), (1024 * 1024, 1), (5 * 1024 * 1024 + 1, 5),
        (25 * 1024 * 1024, 25), (100 * 1024 * 1024, 100), (Int64.max, Int64.max / 1_048_576),
    ] as [(Int64, Int64)])
    func sizeLimitInWholeMegabytesRoundsDown(_ bytes: Int64, _ mb: Int64) throws {
        #expect(try AttachmentLimits(maxFiles: 1, maxFileSizeBytes: bytes).maxFileSizeMB == mb)
    }

    @Test func notices() {
        #expect(AttachmentNotice.tooManyFiles(limit: 10) == "You can attach up to 10 files.")
        #expect(AttachmentNotice.tooManyFiles(limit: 2) == "You can attach up to 2 files.")
        #expect(AttachmentNotice.tooManyFiles(limit: 1) == "You can attach up to 1 file.")
        #expect(AttachmentNotice.fileTooLarge(limitMB: 100) == "File exceeds 100 MB.")
        #expect(AttachmentNotice.fileTooLarge(limitBytes: 100 * 1024 * 1024) == "File exceeds 100 MB.")
        #expect(AttachmentNotice.fileTooLarge(limitBytes: 1024 * 1024 + 512 * 1024) == "File exceeds 1.5 MB.")
        #expect(AttachmentNotice.fileTooLarge(limitBytes: 512 * 1024) == "File exceeds 512 KB.")
        #expect(AttachmentNotice.fileTooLarge(limitBytes: 1000) == "File exceeds 1000 bytes.")
        #expect(AttachmentNotice.fileTooLarge(limitBytes: 1536) == "File exceeds 1.5 KB.")
        #expect(AttachmentNotice.typeNotAllowed == "This file type isn't allowed.")
        #expect(AttachmentNotice.uploadInterrupted == "Upload interrupted.")
    }
}
