import Foundation
import Testing
@testable import ImagePipeline
import TestSupport

extension Data {
    func contains(text: String) -> Bool { range(of: Data(text.utf8)) != nil }
}

@Suite struct ImagePipelineTests {
    let pipeline = ImagePipeline()

    @Test func photoIsShrunkRotatedAndStripped() throws {
        let prepared = try pipeline.prepare(try fixture("gps.jpg"))
        // EXIF orientation 6: the 2000×1200 source is shown 1200 wide.
        #expect(prepared.image.renditions.map(\.width) == [480, 960, 1200])
        #expect(prepared.image.renditions.map(\.height) == [800, 1600, 2000])
        #expect(prepared.image.renditions.allSatisfy { $0.format == .webp })
        #expect(prepared.image.fallback == Rendition(format: .jpeg, width: 960, height: 1600, byteCount: prepared.image.fallback.byteCount))
        for (rendition, bytes) in prepared.files {
            #expect(bytes.count == rendition.byteCount)
            for marker in ["Exif", "LoupeTestCam", "ICC_PROFILE", "ICCP", "XMP", "http://ns.adobe.com"] {
                #expect(!bytes.contains(text: marker), "\(rendition.suffix) still holds \(marker)")
            }
        }
        let fallback = try #require(prepared.files[prepared.image.fallback])
        #expect(fallback.starts(with: [0xFF, 0xD8, 0xFF]))
        let webp = try #require(prepared.files[prepared.image.renditions[0]])
        #expect(webp.starts(with: Array("RIFF".utf8)))
    }

    @Test func tiffIsConverted() throws {
        let prepared = try pipeline.prepare(try fixture("scan.tif"))
        #expect(prepared.image.sourceFormat == "tiff")
        #expect(prepared.image.renditions.map(\.width) == [480, 700])
        #expect(prepared.image.fallback.format == .jpeg)
        #expect(prepared.image.fallback.width == 700)
    }

    @Test func transparencyFallsBackToPNG() throws {
        let prepared = try pipeline.prepare(try fixture("alpha.png"))
        #expect(prepared.image.renditions.map(\.width) == [300])
        #expect(prepared.image.fallback.format == .png)
    }

    @Test func svgWithScriptIsRasterised() throws {
        let prepared = try pipeline.prepare(try fixture("script.svg"))
        #expect(prepared.image.sourceFormat == "svg")
        // 200 px wide: rendered up to twice that for 2× screens (a vector loses nothing).
        #expect(prepared.image.renditions.map(\.width) == [400])
        for (_, bytes) in prepared.files {
            #expect(!bytes.contains(text: "<script"))
            #expect(!bytes.contains(text: "onload"))
            #expect(!bytes.contains(text: "<svg"))
        }
    }

    @Test func htmlNamedAsAnImageIsRefused() throws {
        #expect(throws: ImageError.notAnImage) { try pipeline.prepare(try fixture("figure.jpg")) }
    }

    @Test func brokenImageIsAnErrorNotACrash() throws {
        var bytes = try fixture("gps.jpg")
        bytes = bytes.prefix(200)
        #expect(throws: ImageError.self) { try pipeline.prepare(bytes) }
    }

    @Test func animationKeepsItsFrames() throws {
        let prepared = try pipeline.prepare(try fixture("anim.gif"))
        let webp = try #require(prepared.files[prepared.image.renditions[0]])
        #expect(webp.contains(text: "ANMF"))
        #expect(prepared.image.fallback.format == .jpeg || prepared.image.fallback.format == .png)
    }

    @Test func cacheSkipsUnchangedImagesAndNoticesNewSettings() throws {
        let folder = try TemporaryFolder.make("images")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cached = ImagePipeline(cache: ImageCache(directory: folder))
        let first = try cached.prepare(try fixture("scan.tif"))
        let second = try cached.prepare(try fixture("scan.tif"))
        #expect(!first.wasCached)
        #expect(second.wasCached)
        #expect(second.image == first.image)
        #expect(second.files == first.files)
        var settings = ImageSettings.defaults
        settings.quality = 50
        let third = try ImagePipeline(settings: settings, cache: ImageCache(directory: folder)).prepare(try fixture("scan.tif"))
        #expect(!third.wasCached)
    }

    @Test func sourceIndexSkipsUnchangedFilesAndNoticesAReplacedOne() throws {
        let folder = try TemporaryFolder.make("source-index")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let photo = folder.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("gps.jpg"), to: photo)
        let pipeline = ImagePipeline(cache: ImageCache(directory: folder.appendingPathComponent("cache")))
        let first = try pipeline.prepare(files: [photo])[0].get()
        let again = try pipeline.prepare(files: [photo])[0].get()
        #expect(!first.wasCached && again.wasCached)
        #expect(again.image == first.image)
        // The same name with other bytes (a new scan saved over the old one) is read and processed again.
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("alpha.png"), to: photo)
        let replaced = try pipeline.prepare(files: [photo])[0].get()
        #expect(!replaced.wasCached)
        #expect(replaced.image.sourceFormat == "png")
    }

    @Test func filesInParallelKeepTheirOrder() throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let names = ["gps.jpg", "figure.jpg", "scan.tif", "alpha.png"]
        let results = pipeline.prepare(files: names.map { folder.appendingPathComponent($0) })
        #expect(results.count == 4)
        #expect((try? results[0].get())?.image.sourceFormat == "jpeg")
        #expect(throws: ImageError.notAnImage) { try results[1].get() }
        #expect((try? results[2].get())?.image.sourceFormat == "tiff")
        #expect((try? results[3].get())?.image.sourceFormat == "png")
    }

    @Test func embeddedPhotoIsASmallStrippedJPEG() throws {
        let jpeg = try EmbeddedPhoto.jpeg(from: try fixture("gps.jpg"), maxWidth: 320)
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(!jpeg.contains(text: "Exif"))
        #expect(!jpeg.contains(text: "LoupeTestCam"))
        #expect(jpeg.count < 20_000)
        let uri = try EmbeddedPhoto.dataURI(from: try fixture("scan.tif"))
        #expect(uri.hasPrefix("data:image/jpeg;base64,/9j/"))
    }
}
