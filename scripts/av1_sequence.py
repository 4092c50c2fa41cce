"""The bit of an AV1 sequence header that says a plane is limited range (color_range).

Why: pillow-heif's libheif always marks alpha full range, which some AVIF encoders in
the wild do not; to make such a file, make-tiff-heif-fixtures.py
encodes alpha already in 16..235 and clears this bit in the alpha item's sequence header
to make one. The parse follows the AV1 specification, section 5.5 (sequence_header_obu),
up to color_config's color_range.
"""


class Bits:
    def __init__(self, data, start):
        self.data, self.pos = data, start * 8

    def f(self, n):
        v = 0
        for _ in range(n):
            v = v << 1 | (self.data[self.pos >> 3] >> (7 - (self.pos & 7))) & 1
            self.pos += 1
        return v

    def uvlc(self):
        zeros = 0
        while not self.f(1):
            zeros += 1
        return self.f(zeros) + (1 << zeros) - 1 if zeros < 32 else (1 << 32) - 1


def color_range_bit(data, start):
    """(mono_chrome, bit position of color_range) of the sequence header OBU payload at `start`."""
    b = Bits(data, start)
    profile, _still, reduced = b.f(3), b.f(1), b.f(1)
    if profile > 2:
        raise ValueError("profile")
    if reduced:
        b.f(5)
        decoder_model = False
    else:
        timing = b.f(1)
        decoder_model = False
        delay_length = 0
        if timing:
            b.f(32), b.f(32)
            if b.f(1):
                b.uvlc()
            decoder_model = b.f(1)
            if decoder_model:
                delay_length = b.f(5) + 1
                b.f(32), b.f(5), b.f(5)
        display_delay = b.f(1)
        for _ in range(b.f(5) + 1):
            b.f(12)
            if b.f(5) > 7:
                b.f(1)
            if decoder_model and b.f(1):
                b.f(delay_length), b.f(delay_length), b.f(1)
            if display_delay and b.f(1):
                b.f(4)
    wbits, hbits = b.f(4) + 1, b.f(4) + 1
    b.f(wbits), b.f(hbits)
    if not reduced and b.f(1):
        b.f(4), b.f(3)
    b.f(1), b.f(1), b.f(1)
    if not reduced:
        b.f(1), b.f(1), b.f(1), b.f(1)
        order_hint = b.f(1)
        if order_hint:
            b.f(1), b.f(1)
        force_screen = 2 if b.f(1) else b.f(1)
        if force_screen > 0 and not b.f(1):
            b.f(1)
        if order_hint:
            b.f(3)
    b.f(1), b.f(1), b.f(1)
    high = b.f(1)
    if profile == 2 and high:
        b.f(1)
    mono = 0 if profile == 1 else b.f(1)
    if b.f(1):
        b.f(8), b.f(8), b.f(8)
    return mono, b.pos


def sequence_headers(data):
    """(mono_chrome, bit offset of color_range) of every sequence header OBU in `data`
    (OBU type 1 with a size field, a one-byte size) that parses to its end."""
    found = []
    start = data.find(b"\x0a")
    while start >= 0:
        size = data[start + 1] if start + 1 < len(data) else 128
        if size < 128 and start + 2 + size <= len(data):
            try:
                mono, bit = color_range_bit(data, start + 2)
                if bit < (start + 2 + size) * 8:
                    found.append((mono, bit))
            except (IndexError, ValueError):
                pass
        start = data.find(b"\x0a", start + 1)
    return found
