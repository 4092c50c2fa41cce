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
    public mutating func composite(_ tile: TilePixels, at rect: PixelRect, cornerRadius: Int) {
        let drawn = PixelRect(x: rect.x, y: rect.y, width: min(rect.width, tile.width), height: min(rect.height, tile.height))
        let radius = Band.clampedRadius(cornerRadius, for: drawn)
        guard radius > 0 else { return composite(tile, at: rect) }
        guard let clip = drawn.intersection(bandRect) else { return }
        let corners = CornerCoverage.shared(radius: radius)
        tile.storage.withUnsafeBufferPointer { tilePixels in
            guard let tileBase = tilePixels.baseAddress else { return }
            blendRounded(drawn: drawn, clip: clip, corners: corners) { x, y in
                tileBase + ((y - drawn.y) * tile.width + (x - drawn.x)) * 4
            }
        }
    }

    /// Paints `color` over the part of `rect` inside the band as `fill(_:with:)` does,
    /// clipped to a rounded rectangle: a placeholder with the same corners as the tiles.
    ///
    /// - Parameter cornerRadius: Clamped to half the rect's shorter side; 0 (or less) paints
    ///   exactly what `fill(_:with:)` paints.
    public mutating func fill(_ rect: PixelRect, with color: Color, cornerRadius: Int) {
        let radius = Band.clampedRadius(cornerRadius, for: rect)
        guard radius > 0 else { return fill(rect, with: color) }
        guard let clip = rect.intersection(bandRect) else { return }
        let corners = CornerCoverage.shared(radius: radius)
        let premultiplied = TilePixels.premultiplied(color)
        let pixel = (0..<4).map { premultiplied[$0] }
        pixel.withUnsafeBufferPointer { pixel in
            guard let source = pixel.baseAddress else { return }
            blendRounded(drawn: rect, clip: clip, corners: corners) { _, _ in source }
        }
    }

    /// The radius a rect of this size can take: no more than half its shorter side, so the
    /// four corners never overlap.
    static func clampedRadius(_ radius: Int, for rect: PixelRect) -> Int {
        max(0, min(radius, min(rect.width, rect.height) / 2))
    }

    /// Blends the premultiplied pixels `source(x, y)` (sheet coordinates) over the `clip`
    /// part of `drawn`, scaling the corner pixels by their coverage.
    private mutating func blendRounded(
        drawn: PixelRect, clip: PixelRect, corners: CornerCoverage,
        source: (_ x: Int, _ y: Int) -> UnsafePointer<UInt16>
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
                        let target = bandBase + (y - rowOffset) * bytesPerRow
                        let tileRow = y - drawn.y
                        // The corner row counted from the nearer edge, or nil between the corners.
                        let cornerRow =
                            tileRow < radius ? tileRow : tileRow >= drawn.height - radius ? drawn.height - 1 - tileRow : nil
                        for x in clip.x..<(clip.x + clip.width) {
                            var pixel = source(x, y)
                            if let cornerRow {
                                let tileColumn = x - drawn.x
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
