import Foundation
import Testing
@testable import ImagePipeline

/// Fixture bytes (made with Pillow; see docs/images.md).
func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
    return try Data(contentsOf: url)
}

@Suite struct ImageFormatTests {
    @Test(arguments: [("gps.jpg", ImageFormat.jpeg), ("scan.tif", .tiff), ("alpha.png", .png), ("anim.gif", .gif), ("script.svg", .svg)])
    func sniffsByBytes(name: String, format: ImageFormat) throws {
        #expect(ImageFormat.sniff(try fixture(name)) == format)
    }

    @Test func htmlNamedAsAnImageIsNotAnImage() throws {
        #expect(ImageFormat.sniff(try fixture("figure.jpg")) == nil)
        #expect(ImageFormat.sniff(Data("<html><svg onload=alert(1)>".utf8)) == nil)
        #expect(ImageFormat.sniff(Data("%PDF-1.4".utf8)) == nil)
        #expect(ImageFormat.sniff(Data()) == nil)
    }

    @Test func browserShownFormats() {
        #expect(!ImageFormat.tiff.isShownByBrowsers)
        #expect(ImageFormat.webp.isShownByBrowsers)
    }
}

@Suite struct ImageSettingsTests {
    @Test func neverUpscales() {
        let settings = ImageSettings.defaults
        #expect(settings.targetWidths(forImageWidth: 4936) == [480, 960, 1600])
        #expect(settings.targetWidths(forImageWidth: 1600) == [480, 960, 1600])
        #expect(settings.targetWidths(forImageWidth: 300) == [300])
        #expect(settings.targetWidths(forImageWidth: 1000) == [480, 1000])
        #expect(settings.targetWidths(forImageWidth: 1200) == [480, 960, 1200])
    }

    @Test func problems() {
        var settings = ImageSettings.defaults
        #expect(settings.problem == nil)
        settings.quality = 0
        #expect(settings.problem?.contains("quality") == true)
        settings = .defaults
        settings.widths = [5]
        #expect(settings.problem?.contains("widths") == true)
    }
}
