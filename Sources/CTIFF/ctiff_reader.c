#include "ctiff.h"
#include "ctiff_client.h"
#include "cimage_shim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tiffio.h>

#include "ccolor.h"

/* The name libtiff gives the data in its messages; dropped from what Swift sees. */
static const char data_name[] = "tiff";

struct ctiff_reader {
    void *context;
    cimage_read_function read;
    cimage_length_function length;
    /* libtiff reads sequentially from a position it seeks to. */
    uint64_t position;
    /* A read in this call came back short or failed: the cause of any libtiff error. */
    int hit_end_of_data;
    int read_failed;

    TIFF *tif;
    char message[CIMAGE_MESSAGE_CAPACITY];
    int has_message;
    unsigned warning_count;
    char first_warning[CIMAGE_MESSAGE_CAPACITY];

    ctiff_info info;
    int opened;
    /* How samples become RGBA: libtiff's RGBA reader, or the shim's own conversion. */
    enum { SAMPLES_LIBTIFF, SAMPLES_CMYK16, SAMPLES_LAB, SAMPLES_SIGNED_GREY } samples;
    /* For the shim's own conversions: the layout of a strip's or tile's samples. */
    uint16_t bits_per_sample;
    uint16_t samples_per_pixel;
    uint16_t photometric;
    uint32_t tile_width;
    /* One strip or tile of samples as libtiff decodes it, in the host's byte order. */
    uint8_t *raw;
    tmsize_t raw_size;
    /* Lab to sRGB (Little CMS), and LAB_RUN pixels of L*a*b* and of RGB for it. */
    ccolor_transform *lab_transform;
    double *lab_row;
    uint8_t *rgb_row;
    TIFFRGBAImage image;
    int started;
    /* TIFFRGBAImage premultiplies unassociated alpha, and passes associated alpha through. */
    int premultiplied;
    /* libtiff's RGBA reader took an extra sample of unspecified meaning as associated
     * alpha; it is not alpha (TIFF 6.0, ExtraSamples), so the rows are made opaque. */
    int extra_not_alpha;
    /* The raw buffer lent to libtiff for uncompressed tiles; see ctiff_reader_start. */
    void *tile_buffer;
    /* One chunk of decoded rows, packed ABGR as libtiff writes them. */
    uint32_t *chunk;
    uint32_t chunk_first_row;
    uint32_t chunk_rows;
    uint32_t next_row;
};

/* The first error of a call is the cause; later ones are libtiff giving up on it. */
static int reader_error(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif;
    ctiff_reader *reader = user_data;
    if (reader->has_message) return 1;
    char text[CIMAGE_MESSAGE_CAPACITY];
    vsnprintf(text, sizeof text, format, arguments);
    if (module != NULL && strcmp(module, data_name) != 0) {
        snprintf(reader->message, sizeof reader->message, "%s: %s", module, text);
    } else {
        snprintf(reader->message, sizeof reader->message, "%s", text);
    }
    reader->has_message = 1;
    /* Non-zero stops libtiff from also calling the process-wide handler, which prints. */
    return 1;
}

static int reader_warning(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif;
    (void)module;
    ctiff_reader *reader = user_data;
    if (reader->warning_count++ == 0) vsnprintf(reader->first_warning, sizeof reader->first_warning, format, arguments);
    return 1;
}

static tmsize_t source_read(thandle_t handle, void *buffer, tmsize_t size) {
    ctiff_reader *reader = handle;
    if (size <= 0) return 0;
    int64_t got = reader->read(reader->context, reader->position, buffer, (size_t)size);
    if (got < 0) {
        reader->read_failed = 1;
        return -1;
    }
    if (got < size) reader->hit_end_of_data = 1;
    reader->position += (uint64_t)got;
    return (tmsize_t)got;
}

static tmsize_t source_write(thandle_t handle, void *buffer, tmsize_t size) {
    (void)handle;
    (void)buffer;
    (void)size;
    return -1;
}

static toff_t source_length(thandle_t handle) {
    ctiff_reader *reader = handle;
    int64_t length = reader->length(reader->context);
    if (length < 0) {
        reader->read_failed = 1;
        return 0;
    }
    return (toff_t)length;
}

static toff_t source_seek(thandle_t handle, toff_t offset, int whence) {
    ctiff_reader *reader = handle;
    return ctiff_client_seek(&reader->position, handle, source_length, offset, whence);
}

ctiff_reader *ctiff_reader_create(void *context, cimage_read_function read, cimage_length_function length) {
    ctiff_reader *reader = calloc(1, sizeof *reader);
    if (reader != NULL) *reader = (ctiff_reader){.context = context, .read = read, .length = length};
    return reader;
}

void ctiff_reader_destroy(ctiff_reader *reader) {
    if (reader == NULL) return;
    if (reader->started && reader->samples == SAMPLES_LIBTIFF) TIFFRGBAImageEnd(&reader->image);
    free(reader->chunk);
    free(reader->raw);
    free(reader->lab_row);
    free(reader->rgb_row);
    ccolor_transform_destroy(reader->lab_transform);
    if (reader->tif != NULL) TIFFClose(reader->tif);
    /* libtiff never frees a buffer it was lent, so this goes after TIFFClose. */
    free(reader->tile_buffer);
    free(reader);
}

CIMAGE_DEFINE_MESSAGE(ctiff_reader)

unsigned ctiff_reader_warning_count(const ctiff_reader *reader) { return reader->warning_count; }

const char *ctiff_reader_first_warning(const ctiff_reader *reader) { return reader->first_warning; }

/* Each entry point starts with a clean record of what went wrong. */
static void begin_call(ctiff_reader *reader) {
    reader->message[0] = '\0';
    reader->has_message = 0;
    reader->hit_end_of_data = 0;
    reader->read_failed = 0;
}

/* Why libtiff failed: the read function, the end of the data, or the data itself. */
static cimage_status libtiff_failure(ctiff_reader *reader, const char *fallback) {
    if (reader->read_failed) return CIMAGE_ERROR_IO;
    if (!reader->has_message) snprintf(reader->message, sizeof reader->message, "%s", fallback);
    return reader->hit_end_of_data ? CIMAGE_ERROR_TRUNCATED : CIMAGE_ERROR_FORMAT;
}

/* The first extra sample's kind (ExtraSamples), or -1 when there is none. */
static int first_extra_sample(TIFF *tif) {
    uint16_t extra_count = 0;
    uint16_t *extra_kinds = NULL;
    TIFFGetFieldDefaulted(tif, TIFFTAG_EXTRASAMPLES, &extra_count, &extra_kinds);
    if (extra_count == 0 || extra_kinds == NULL) return -1;
    return extra_kinds[0];
}

/* Only associated (1) or unassociated (2) alpha is alpha. libtiff's RGBA reader also
 * takes an unspecified extra sample (0) of a pixel of more than three samples as
 * associated alpha, and such a file (a scanner's fourth channel, all zero) came out
 * transparent; Pillow and libvips leave it out, and so does the shim. */
static int has_alpha(TIFF *tif) {
    int kind = first_extra_sample(tif);
    return kind == EXTRASAMPLE_ASSOCALPHA || kind == EXTRASAMPLE_UNASSALPHA;
}

/* libtiff's RGBA reader has no 16-bit CMYK, and converts CIELab without adapting its
 * D50 white to sRGB's D65 (white comes out cream, 255,252,222): those two are decoded
 * here instead, from the samples libtiff decompresses. Contiguous samples only. */
static cimage_status choose_samples(ctiff_reader *reader, ctiff_info *info) {
    TIFF *tif = reader->tif;
    uint16_t photometric = PHOTOMETRIC_RGB, bits = 1, samples = 1, planar = PLANARCONFIG_CONTIG, format = SAMPLEFORMAT_UINT;
    uint16_t inkset = INKSET_CMYK;
    /* Without the tag, libtiff's RGBA reader guesses from the samples; that guess is its own. */
    TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &photometric);
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &planar);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &format);
    TIFFGetFieldDefaulted(tif, TIFFTAG_INKSET, &inkset);
    info->photometric = photometric;
    info->bits_per_sample = bits;
    info->samples_per_pixel = samples;
    info->sample_format = format;
    info->separate_planes = planar == PLANARCONFIG_SEPARATE;
    reader->samples = SAMPLES_LIBTIFF;
    int lab = photometric == PHOTOMETRIC_CIELAB || photometric == PHOTOMETRIC_ICCLAB;
    int cmyk16 = photometric == PHOTOMETRIC_SEPARATED && inkset == INKSET_CMYK && bits == 16 && samples >= 4;
    /* libtiff's RGBA reader reads signed samples as unsigned, so negative values wrapped
     * into bands. Signed grey is read here, the signed range mapped onto the unsigned one
     * (v + 2^(bits-1): the lowest value black, 0 mid grey); other signed samples are
     * refused, named as signed. CIELab's signed a* and b* are its own convention. */
    if (format == SAMPLEFORMAT_INT && !lab) {
        int grey = photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE;
        if (!grey || (bits != 8 && bits != 16) || (planar != PLANARCONFIG_CONTIG && samples > 1)) {
            info->unconvertible = 1;
            snprintf(reader->message, sizeof reader->message, "signed samples the shim does not convert");
            return CIMAGE_ERROR_UNSUPPORTED;
        }
        reader->samples = SAMPLES_SIGNED_GREY;
        reader->photometric = photometric;
        reader->bits_per_sample = bits;
        reader->samples_per_pixel = samples;
        /* A signed alpha sample has no meaning anyone agrees on: the grey is drawn opaque. */
        info->has_alpha = 0;
        return CIMAGE_OK;
    }
    if (!lab && !cmyk16) return CIMAGE_OK;
    if ((lab && bits != 8 && bits != 16) || (lab && samples < 3) || format == SAMPLEFORMAT_IEEEFP || planar != PLANARCONFIG_CONTIG) {
        info->unconvertible = 1;
        snprintf(reader->message, sizeof reader->message, "%s samples the shim does not convert", lab ? "CIELab" : "16-bit CMYK");
        return CIMAGE_ERROR_UNSUPPORTED;
    }
    reader->samples = lab ? SAMPLES_LAB : SAMPLES_CMYK16;
    reader->photometric = photometric;
    reader->bits_per_sample = bits;
    reader->samples_per_pixel = samples;
    return CIMAGE_OK;
}

cimage_status ctiff_reader_open(ctiff_reader *reader, uint64_t max_pixels, ctiff_info *info) {
    if (reader->opened) return CIMAGE_ERROR_STATE;
    begin_call(reader);
    memset(info, 0, sizeof *info);

    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) return CIMAGE_ERROR_MEMORY;
    TIFFOpenOptionsSetErrorHandlerExtR(options, reader_error, reader);
    TIFFOpenOptionsSetWarningHandlerExtR(options, reader_warning, reader);
    /* r: read; m: no memory mapping; O: strip and tile offsets are read one by
     * one when a row needs them, never as whole arrays sized from the header. */
    reader->tif = TIFFClientOpenExt(data_name, "rmO", reader, source_read, source_write, source_seek,
                                    ctiff_client_close, source_length, ctiff_client_map, ctiff_client_unmap, options);
    TIFFOpenOptionsFree(options);
    if (reader->tif == NULL) return libtiff_failure(reader, "not a readable TIFF header or first directory");
    TIFF *tif = reader->tif;
    reader->opened = 1;
    /* libtiff quirk: a tag whose values lie past the end of the data is only a
     * warning ("IO error during reading of ColorMap; tag ignored"), and the image
     * then decodes with the wrong colours or without its profile. Any short read
     * means the file was cut, so it is an error here, said as such: the first
     * warning may be another tag's ("Unknown field with tag 42112 encountered"). */
    if (reader->read_failed) return CIMAGE_ERROR_IO;
    if (reader->hit_end_of_data) {
        if (!reader->has_message) {
            snprintf(reader->message, sizeof reader->message, "a tag's values lie past the end of the file");
        }
        return CIMAGE_ERROR_TRUNCATED;
    }

    uint32_t width = 0, height = 0;
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height);
    uint16_t orientation = ORIENTATION_TOPLEFT;
    TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &orientation);
    info->width = width;
    info->height = height;
    info->orientation = orientation >= 1 && orientation <= 8 ? orientation : ORIENTATION_TOPLEFT;
    info->has_alpha = has_alpha(tif);
    info->tiled = TIFFIsTiled(tif);

    uint32_t chunk = 0;
    if (info->tiled) {
        TIFFGetField(tif, TIFFTAG_TILELENGTH, &chunk);
    } else {
        TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &chunk);
    }
    info->rows_per_chunk = chunk == 0 || chunk > height ? height : chunk;
    info->has_directory = 1;
    reader->info = *info;
    uint32_t tile_width = 0;
    if (info->tiled) TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tile_width);
    reader->tile_width = tile_width;

    if (width == 0 || height == 0) {
        snprintf(reader->message, sizeof reader->message, "the image is %ux%u", width, height);
        return CIMAGE_ERROR_FORMAT;
    }
    if ((uint64_t)width * height > max_pixels) {
        snprintf(reader->message, sizeof reader->message, "%ux%u is %llu pixels, over the limit of %llu", width, height,
                 (unsigned long long)width * height, (unsigned long long)max_pixels);
        return CIMAGE_ERROR_LIMIT;
    }
    /* libtiff allocates a whole tile whatever the image's size, so a tile is held to the limit too. */
    if (info->tiled && (uint64_t)tile_width * chunk > max_pixels) {
        snprintf(reader->message, sizeof reader->message, "tiles of %ux%u pixels, over the limit of %llu", tile_width,
                 chunk, (unsigned long long)max_pixels);
        return CIMAGE_ERROR_UNSUPPORTED;
    }
    cimage_status own = choose_samples(reader, info);
    if (own != CIMAGE_OK || reader->samples != SAMPLES_LIBTIFF) {
        reader->info = *info;
        return own;
    }
    char why[1024] = "";
    if (!TIFFRGBAImageOK(tif, why)) {
        /* Kept for the message, though the error says what the file holds: libtiff words
         * these "Sorry, can not handle ...". */
        const char *text = strncmp(why, "Sorry, ", 7) == 0 ? why + 7 : why;
        snprintf(reader->message, sizeof reader->message, "%s", text);
        info->unconvertible = 1;
        reader->info = *info;
        return CIMAGE_ERROR_UNSUPPORTED;
    }
    reader->info = *info;
    return CIMAGE_OK;
}

const ctiff_info *ctiff_reader_info(const ctiff_reader *reader) { return &reader->info; }

const char *ctiff_reader_image_description(const ctiff_reader *reader) {
    const char *text = NULL;
    if (!reader->opened || !TIFFGetField(reader->tif, TIFFTAG_IMAGEDESCRIPTION, &text)) return NULL;
    return text;
}

const uint8_t *ctiff_reader_icc_profile(const ctiff_reader *reader, size_t *count) {
    uint32_t length = 0;
    void *data = NULL;
    *count = 0;
    /* Lab rows leave the shim as sRGB: a profile beside Lab samples describes the samples, not those rows. */
    if (reader->samples == SAMPLES_LAB) return NULL;
    if (!reader->opened || !TIFFGetField(reader->tif, TIFFTAG_ICCPROFILE, &length, &data) || data == NULL) return NULL;
    *count = length;
    return data;
}

/* The chunk of ABGR rows every decode fills. */
static cimage_status allocate_chunk(ctiff_reader *reader) {
    size_t pixels = (size_t)reader->info.width * reader->info.rows_per_chunk;
    reader->chunk = malloc(pixels * sizeof *reader->chunk);
    if (reader->chunk == NULL) {
        snprintf(reader->message, sizeof reader->message, "no memory for %u rows of %u pixels",
                 reader->info.rows_per_chunk, reader->info.width);
        return CIMAGE_ERROR_MEMORY;
    }
    return CIMAGE_OK;
}

/* Lab pixels converted at once: the doubles Little CMS reads stay small whatever the width. */
enum { LAB_RUN = 256 };

/* The shim's own decode: a buffer for one strip or tile of samples, and for Lab the
 * transform to sRGB and a row for it. */
static cimage_status start_own(ctiff_reader *reader) {
    reader->started = 1;
    reader->raw_size = reader->info.tiled ? TIFFTileSize(reader->tif) : TIFFStripSize(reader->tif);
    /* Zeroed: a strip that decompresses short leaves defined samples, not old memory. */
    reader->raw = reader->raw_size > 0 ? calloc(1, (size_t)reader->raw_size) : NULL;
    if (reader->raw == NULL) return libtiff_failure(reader, "no memory for one strip or tile");
    if (reader->samples == SAMPLES_LAB) {
        char message[CIMAGE_MESSAGE_CAPACITY];
        cimage_status status = ccolor_transform_create_lab(&reader->lab_transform, message);
        if (status != CIMAGE_OK) {
            snprintf(reader->message, sizeof reader->message, "%s", message);
            return status;
        }
        reader->lab_row = malloc((size_t)LAB_RUN * 3 * sizeof *reader->lab_row);
        reader->rgb_row = malloc((size_t)LAB_RUN * 3);
        if (reader->lab_row == NULL || reader->rgb_row == NULL) {
            snprintf(reader->message, sizeof reader->message, "no memory for %d pixels of Lab", LAB_RUN);
            return CIMAGE_ERROR_MEMORY;
        }
    }
    return allocate_chunk(reader);
}

cimage_status ctiff_reader_start(ctiff_reader *reader) {
    if (!reader->opened || reader->started || reader->info.width == 0 || reader->info.height == 0) return CIMAGE_ERROR_STATE;
    begin_call(reader);
    if (reader->samples != SAMPLES_LIBTIFF) return start_own(reader);
    char why[1024] = "";
    /* stop = 1: a strip that fails to read is an error, not a band of stale pixels. */
    if (!TIFFRGBAImageBegin(&reader->image, reader->tif, 1, why)) {
        const char *text = strncmp(why, "Sorry, ", 7) == 0 ? why + 7 : why;
        snprintf(reader->message, sizeof reader->message, "%s", text);
        reader->info.unconvertible = 1;
        return CIMAGE_ERROR_UNSUPPORTED;
    }
    reader->started = 1;
    /* Rows as stored: claiming the data is top-left and asking for top-left keeps
     * libtiff from flipping anything; turning the image is the pipeline's job. */
    reader->image.orientation = ORIENTATION_TOPLEFT;
    reader->image.req_orientation = ORIENTATION_TOPLEFT;
    reader->extra_not_alpha = reader->image.alpha != 0 && !reader->info.has_alpha;
    reader->premultiplied = !reader->extra_not_alpha &&
                            (reader->image.alpha == EXTRASAMPLE_ASSOCALPHA || reader->image.UaToAa != NULL);

    /* libtiff 4.5.0 quirk: unmapped, it rounds its raw buffer up to a multiple of
     * 1 KiB, then refuses an uncompressed tile whose buffer is not exactly the
     * tile's size ("Invalid tile byte count for tile 0. Expected 1536, got 2048").
     * A buffer lent to it keeps the size it is given. */
    uint16_t compression = COMPRESSION_NONE;
    TIFFGetFieldDefaulted(reader->tif, TIFFTAG_COMPRESSION, &compression);
    if (reader->info.tiled && compression == COMPRESSION_NONE) {
        tmsize_t tile_size = TIFFTileSize(reader->tif);
        reader->tile_buffer = tile_size > 0 ? malloc((size_t)tile_size) : NULL;
        if (reader->tile_buffer == NULL) {
            snprintf(reader->message, sizeof reader->message, "no memory for one tile");
            return CIMAGE_ERROR_MEMORY;
        }
        if (!TIFFReadBufferSetup(reader->tif, reader->tile_buffer, tile_size)) {
            return libtiff_failure(reader, "cannot set up the tile buffer");
        }
    }

    return allocate_chunk(reader);
}

/* Sample `index` of a pixel's run, widened to 16 bits (8-bit samples times 257). */
static inline uint32_t sample16(const ctiff_reader *reader, const uint8_t *pixel, unsigned index) {
    if (reader->bits_per_sample == 8) return pixel[index] * 257u;
    uint16_t value;
    memcpy(&value, pixel + 2 * index, sizeof value);
    return value;
}

/* A 16-bit sample to 8 bits, rounded. */
static inline uint32_t narrow(uint32_t value) { return (value + 128) / 257; }

/* a* or b* (`index` 1 or 2): CIELab stores them signed, ICCLab unsigned with 128 (or
 * 32768) for 0; in 16 bits, 256 steps are one unit. */
static inline double lab_chroma(const ctiff_reader *reader, const uint8_t *pixel, unsigned index) {
    int icc = reader->photometric == PHOTOMETRIC_ICCLAB;
    if (reader->bits_per_sample == 8) return icc ? pixel[index] - 128.0 : (double)(int8_t)pixel[index];
    uint32_t value = sample16(reader, pixel, index);
    return icc ? value / 256.0 - 128.0 : (int16_t)(uint16_t)value / 256.0;
}

/* Signed grey to opaque packed ABGR: v + 2^(bits-1), 16 bits narrowed as the CMYK path
 * narrows; white is the highest value, or the lowest for MinIsWhite. */
static void convert_signed_grey(const ctiff_reader *reader, const uint8_t *samples, uint32_t count, uint32_t *out) {
    size_t step = (size_t)reader->samples_per_pixel * reader->bits_per_sample / 8;
    int inverted = reader->photometric == PHOTOMETRIC_MINISWHITE;
    for (uint32_t x = 0; x < count; x++) {
        const uint8_t *pixel = samples + x * step;
        uint32_t grey;
        if (reader->bits_per_sample == 8) {
            grey = (uint32_t)((int8_t)pixel[0] + 128);
        } else {
            int16_t value;
            memcpy(&value, pixel, sizeof value);
            grey = narrow((uint32_t)(value + 32768));
        }
        if (inverted) grey = 255 - grey;
        out[x] = grey | grey << 8 | grey << 16 | 255u << 24;
    }
}

/* Turns `count` pixels of samples into packed ABGR: CMYK by the same arithmetic as
 * libtiff's 8-bit CMYK (R = (1 - C)(1 - K)), done in 16 bits and rounded once; Lab
 * through Little CMS. An extra sample libtiff would take as alpha is the alpha. */
static void convert_pixels(ctiff_reader *reader, const uint8_t *samples, uint32_t count, uint32_t *out) {
    size_t step = (size_t)reader->samples_per_pixel * reader->bits_per_sample / 8;
    if (reader->samples == SAMPLES_LAB && count > LAB_RUN) {
        for (uint32_t done = 0; done < count; done += LAB_RUN) {
            convert_pixels(reader, samples + done * step, count - done < LAB_RUN ? count - done : LAB_RUN, out + done);
        }
        return;
    }
    if (reader->samples == SAMPLES_SIGNED_GREY) {
        convert_signed_grey(reader, samples, count, out);
        return;
    }
    unsigned alpha_index = reader->samples == SAMPLES_CMYK16 ? 4 : 3;
    int has_alpha = reader->info.has_alpha && reader->samples_per_pixel > alpha_index;
    if (reader->samples == SAMPLES_LAB) {
        for (uint32_t x = 0; x < count; x++) {
            const uint8_t *pixel = samples + x * step;
            double *lab = reader->lab_row + (size_t)x * 3;
            lab[0] = sample16(reader, pixel, 0) * 100.0 / 65535.0;
            for (unsigned c = 1; c < 3; c++) lab[c] = lab_chroma(reader, pixel, c);
        }
        ccolor_transform_apply_lab(reader->lab_transform, reader->lab_row, reader->rgb_row, count);
    }
    for (uint32_t x = 0; x < count; x++) {
        const uint8_t *pixel = samples + x * step;
        uint32_t r, g, b;
        if (reader->samples == SAMPLES_LAB) {
            r = reader->rgb_row[x * 3];
            g = reader->rgb_row[x * 3 + 1];
            b = reader->rgb_row[x * 3 + 2];
        } else {
            uint64_t white = 65535 - sample16(reader, pixel, 3);
            const uint64_t scale = 65535ull * 257;
            r = (uint32_t)(((65535 - sample16(reader, pixel, 0)) * white + scale / 2) / scale);
            g = (uint32_t)(((65535 - sample16(reader, pixel, 1)) * white + scale / 2) / scale);
            b = (uint32_t)(((65535 - sample16(reader, pixel, 2)) * white + scale / 2) / scale);
        }
        uint32_t a = has_alpha ? narrow(sample16(reader, pixel, alpha_index)) : 255;
        out[x] = r | g << 8 | b << 16 | a << 24;
    }
}

/* Decodes one strip or tile into reader->raw; 0 when libtiff failed. */
static int read_raw(ctiff_reader *reader, uint32_t x, uint32_t y) {
    TIFF *tif = reader->tif;
    tmsize_t got = reader->info.tiled ? TIFFReadEncodedTile(tif, TIFFComputeTile(tif, x, y, 0, 0), reader->raw, reader->raw_size)
                                      : TIFFReadEncodedStrip(tif, TIFFComputeStrip(tif, y, 0), reader->raw, reader->raw_size);
    return got >= 0;
}

/* The shim's own decode of the chunk at `first`, `rows` rows: each strip, or each tile
 * across the row of tiles, decompressed by libtiff and converted row by row. */
static int decode_own_chunk(ctiff_reader *reader, uint32_t first, uint32_t rows) {
    size_t step = (size_t)reader->samples_per_pixel * reader->bits_per_sample / 8;
    uint32_t width = reader->info.width;
    uint32_t across = reader->info.tiled ? reader->tile_width : width;
    if (across == 0) {
        snprintf(reader->message, sizeof reader->message, "tiles of width 0");
        reader->has_message = 1;
        return 0;
    }
    for (uint32_t left = 0; left < width; left += across) {
        if (!read_raw(reader, left, first)) return 0;
        uint32_t count = width - left < across ? width - left : across;
        for (uint32_t row = 0; row < rows; row++) {
            convert_pixels(reader, reader->raw + (size_t)row * across * step, count,
                           reader->chunk + (size_t)row * width + left);
        }
    }
    return 1;
}

/* Decodes the strip or row of tiles holding `row`: each is decoded once, whatever the caller's band. */
static cimage_status decode_chunk(ctiff_reader *reader, uint32_t row) {
    uint32_t first = row - row % reader->info.rows_per_chunk;
    uint32_t rows = reader->info.height - first < reader->info.rows_per_chunk ? reader->info.height - first
                                                                               : reader->info.rows_per_chunk;
    reader->image.row_offset = (int)first;
    reader->image.col_offset = 0;
    reader->chunk_rows = 0;
    int decoded = reader->samples == SAMPLES_LIBTIFF ? TIFFRGBAImageGet(&reader->image, reader->chunk, reader->info.width, rows)
                                                     : decode_own_chunk(reader, first, rows);
    if (!decoded) {
        return libtiff_failure(reader, "cannot decode rows");
    }
    /* libtiff can carry on after a short read or an error, leaving part of the chunk unwritten. */
    if (reader->read_failed) return CIMAGE_ERROR_IO;
    if (reader->has_message || reader->hit_end_of_data) return libtiff_failure(reader, "the data ends inside a strip or tile");
    reader->chunk_first_row = first;
    reader->chunk_rows = rows;
    return CIMAGE_OK;
}

/* Straight alpha from premultiplied: c * 255 / a, rounded. Colour under alpha 0 is lost. */
static inline uint8_t unpremultiply(uint32_t value, uint32_t alpha) {
    if (alpha == 0) return 0;
    uint32_t straight = (value * 255 + alpha / 2) / alpha;
    return (uint8_t)(straight > 255 ? 255 : straight);
}

cimage_status ctiff_reader_read_rows(ctiff_reader *reader, uint8_t *pixels, size_t stride, uint32_t count) {
    if (!reader->started || count > reader->info.height - reader->next_row) return CIMAGE_ERROR_STATE;
    begin_call(reader);
    for (uint32_t i = 0; i < count; i++) {
        uint32_t row = reader->next_row;
        if (reader->chunk_rows == 0 || row < reader->chunk_first_row || row >= reader->chunk_first_row + reader->chunk_rows) {
            cimage_status status = decode_chunk(reader, row);
            if (status != CIMAGE_OK) return status;
        }
        const uint32_t *source = reader->chunk + (size_t)(row - reader->chunk_first_row) * reader->info.width;
        uint8_t *destination = pixels + (size_t)i * stride;
        for (uint32_t x = 0; x < reader->info.width; x++, destination += 4) {
            uint32_t abgr = source[x];
            uint32_t a = TIFFGetA(abgr);
            if (reader->premultiplied && a != 255) {
                destination[0] = unpremultiply(TIFFGetR(abgr), a);
                destination[1] = unpremultiply(TIFFGetG(abgr), a);
                destination[2] = unpremultiply(TIFFGetB(abgr), a);
            } else {
                destination[0] = (uint8_t)TIFFGetR(abgr);
                destination[1] = (uint8_t)TIFFGetG(abgr);
                destination[2] = (uint8_t)TIFFGetB(abgr);
            }
            destination[3] = reader->extra_not_alpha ? 255 : (uint8_t)a;
        }
        reader->next_row++;
    }
    return CIMAGE_OK;
}
