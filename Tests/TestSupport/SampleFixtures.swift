/// Test files from the codec projects' own test data, and the files
/// `scripts/make-codec-sample-fixtures.py` made beside them (issue 54), with their goldens.
package enum LibavifSamples: FormatFixtures {
    /// libavif's `tests/data` (BSD-2-Clause), and files rewritten from them.
    package static let folder = "libavif"
}

/// link-u/avif-sample-images (CC BY-SA 4.0).
package enum AVIFSampleImages: FormatFixtures {
    package static let folder = "avif-sample-images"
}

/// Small TIFFs the script writes, one case each.
package enum CodecSamples: FormatFixtures {
    package static let folder = "codec-samples"
}
