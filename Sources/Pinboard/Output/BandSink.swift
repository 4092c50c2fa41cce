import Raster

/// Where finished bands go, top to bottom: a PNG stream or memory.
public protocol BandSink {
    mutating func write(_ band: Band) throws(PinboardError)
}
