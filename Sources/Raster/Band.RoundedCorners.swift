import Geometry


extension Band {
    /// Draws `tile` over the band clipped to a rounded rectangle: the "card" look.
    ///
    /// The tile is drawn as `composite(_:at:)` draws it, except that each pixel in a corner
    /// is first scaled, alpha included, by the fraction of it inside the corner's arc
    /// (`CornerCoverage`), so the curve is antialiased and whatever lies outside it keeps
    /// the band's background exactly: a transparent sheet stays transparent there.
    ///
    /// - Parameters:
    ///   - tile: The resampled pixels, normally exactly `rect`'s size.
    ///   - rect: Where the tile lies on the sheet, in sheet coordinates.
    ///   - cornerRadius: The corners' radius in pixels, clamped to half the drawn rect's
    ///     shorter side; 0 (or less) draws exactly what `composite(_:at:)` draws.
    package mutating func composite(_ tile: TilePixels, at rect: Rect, cornerRadius: Int) {
        let drawn = Rect(x: rect.x, y: rect.y, width: min(rect.width, tile.width), height: min(rect.height, tile.height))
        let radius = Band.clampedRadius(cornerRadius, for: drawn)
        guard radius > 0 else { return composite(tile, at: rect) }
        guard let clip = drawn.intersection(bandRect) else { return }
        let corners = CornerCoverage.shared(radius: radius)
        tile.storage.withUnsafeBufferPointer { tilePixels in
            guard let tileBase = tilePixels.baseAddress else { return }
            blendRounded(drawn: drawn, clip: clip, corners: corners, pixelStride: 4) { y in
                tileBase + ((y - drawn.y) * tile.width + (clip.x - drawn.x)) * 4
            }
        }
    }

    /// Paints `color` over the part of `rect` inside the band as `fill(_:with:)` does,
    /// clipped to a rounded rectangle: a placeholder with the same corners as the tiles.
    ///
    /// - Parameter cornerRadius: Clamped to half the rect's shorter side; 0 (or less) paints
    ///   exactly what `fill(_:with:)` paints.
    package mutating func fill(_ rect: Rect, with color: Color, cornerRadius: Int) {
        let radius = Band.clampedRadius(cornerRadius, for: rect)
        guard radius > 0 else { return fill(rect, with: color) }
        guard let clip = rect.intersection(bandRect) else { return }
        let corners = CornerCoverage.shared(radius: radius)
        let premultiplied = TilePixels.premultiplied(color)
        let pixel = (0..<4).map { premultiplied[$0] }
        pixel.withUnsafeBufferPointer { pixel in
            guard let source = pixel.baseAddress else { return }
            blendRounded(drawn: rect, clip: clip, corners: corners, pixelStride: 0) { _ in source }
        }
    }

    /// The radius a rect of this size can take: no more than half its shorter side, so the
    /// four corners never overlap.
    static func clampedRadius(_ radius: Int, for rect: Rect) -> Int {
        max(0, min(radius, min(rect.width, rect.height) / 2))
    }

    /// "Over" for `count` pixels of a row between the corners: `pixelStride` is 4 for a
    /// tile's row and 0 to repeat one pixel (a fill); the common stride is spelled out so its
    /// loop compiles as tightly as composite(_:at:)'s.
    private static func blendRow(
        _ source: UnsafePointer<UInt16>, pixelStride: Int, onto target: UnsafeMutablePointer<UInt8>, count: Int, format: ChannelLayout
    ) {
        switch (format, pixelStride) {
        case (.rgb, 4):
            for x in 0..<count { blendOpaque(source + x * 4, onto: target + x * 3) }
        case (.rgba, 4):
            for x in 0..<count { blendTranslucent(source + x * 4, onto: target + x * 4) }
        case (.rgb, _):
            for x in 0..<count { blendOpaque(source + x * pixelStride, onto: target + x * 3) }
        case (.rgba, _):
            for x in 0..<count { blendTranslucent(source + x * pixelStride, onto: target + x * 4) }
        }
    }

    /// Blends premultiplied pixels over the `clip` part of `drawn`, scaling the corner
    /// pixels by their coverage; `source(y)` is row `y`'s first pixel in `clip`, and each
    /// next pixel lies `pixelStride` values on (0 repeats one pixel, for a fill).
    private mutating func blendRounded(
        drawn: Rect, clip: Rect, corners: CornerCoverage, pixelStride: Int,
        source: (_ y: Int) -> UnsafePointer<UInt16>
    ) {
        let format = format
        let bytesPerRow = bytesPerRow
        let rowOffset = rows.lowerBound
        let radius = corners.radius
        let unit = UInt32(TilePixels.unit)
        corners.values.withUnsafeBufferPointer { coverage in
            storage.withUnsafeMutableBufferPointer { bandPixels in
                withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 4) { scaled in
                    guard let bandBase = bandPixels.baseAddress, let scaledBase = scaled.baseAddress else { return }
                    for y in clip.y..<(clip.y + clip.height) {
                        let row = source(y)
                        let target = bandBase + (y - rowOffset) * bytesPerRow + clip.x * format.channelCount
                        let tileRow = y - drawn.y
                        // The corner row counted from the nearer edge, or nil between the corners.
                        let cornerRow =
                            tileRow < radius ? tileRow : tileRow >= drawn.height - radius ? drawn.height - 1 - tileRow : nil
                        guard let cornerRow else {
                            Band.blendRow(row, pixelStride: pixelStride, onto: target, count: clip.width, format: format)
                            continue
                        }
                        for x in 0..<clip.width {
                            var pixel = row + x * pixelStride
                            let tileColumn = clip.x + x - drawn.x
                            let cornerColumn =
                                tileColumn < radius
                                ? tileColumn : tileColumn >= drawn.width - radius ? drawn.width - 1 - tileColumn : nil
                            if let cornerColumn {
                                let fraction = UInt32(coverage[cornerRow * radius + cornerColumn])
                                // Outside the curve the band keeps its pixel exactly.
                                if fraction == 0 { continue }
                                if fraction < unit {
                                    // Rounding each channel the same monotone way keeps colour ≤ alpha.
                                    for channel in 0..<4 {
                                        scaledBase[channel] = UInt16((UInt32(pixel[channel]) * fraction + unit / 2) / unit)
                                    }
                                    pixel = UnsafePointer(scaledBase)
                                }
                            }
                            switch format {
                            case .rgb: Band.blendOpaque(pixel, onto: target + x * 3)
                            case .rgba: Band.blendTranslucent(pixel, onto: target + x * 4)
                            }
                        }
                    }
                }
            }
        }
    }
}
