/* The libpng floor that scripts/bench measures pinboard against: one thread of
 * plain libpng doing the unavoidable work (decode every input to RGBA8, encode
 * a sheet at the same zlib level with adaptive row filters). For JPEG inputs,
 * decode-jpeg is the same floor with libjpeg: every input decoded whole, at full
 * size, to RGB (libjpeg's defaults otherwise: islow IDCT, fancy upsampling).
 * Error handling is minimal on purpose: it only ever reads files pinboard has
 * just read (libjpeg's default error handler ends the process on a bad file). */
#include <png.h>
#include <stdio.h>
#include <jpeglib.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static unsigned char *decode(const char *path, png_image *image) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(image, path)) return NULL;
    image->format = PNG_FORMAT_RGBA;
    unsigned char *pixels = malloc(PNG_IMAGE_SIZE(*image));
    if (pixels == NULL || !png_image_finish_read(image, NULL, pixels, 0, NULL)) {
        free(pixels);
        return NULL;
    }
    return pixels;
}

static int encode(const char *path, const unsigned char *pixels, png_uint_32 width, png_uint_32 height,
                  int channels, int level) {
    FILE *file = fopen(path, "wb");
    if (file == NULL) return 1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        fclose(file);
        return 1;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8, channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, level == 0 ? PNG_FILTER_NONE : PNG_ALL_FILTERS);
    png_write_info(png, info);
    for (png_uint_32 row = 0; row < height; row++) png_write_row(png, pixels + (size_t)row * width * channels);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return fclose(file) != 0;
}

/* Decodes one JPEG whole at full size to RGB; returns its pixel count. */
static unsigned long long decode_jpeg(const char *path) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return 0;
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr error;
    cinfo.err = jpeg_std_error(&error);
    jpeg_create_decompress(&cinfo);
    jpeg_stdio_src(&cinfo, file);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_RGB;
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * cinfo.output_components;
    unsigned char *pixels = malloc(stride * cinfo.output_height);
    if (pixels == NULL) {
        jpeg_destroy_decompress(&cinfo);
        fclose(file);
        return 0;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW rows[16];
        for (int i = 0; i < 16; i++) rows[i] = pixels + (cinfo.output_scanline + (size_t)i) * stride;
        jpeg_read_scanlines(&cinfo, rows, cinfo.output_height - cinfo.output_scanline < 16
                                              ? cinfo.output_height - cinfo.output_scanline : 16);
    }
    unsigned long long count = (unsigned long long)cinfo.output_width * cinfo.output_height;
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    fclose(file);
    free(pixels);
    return count;
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "decode-jpeg") == 0) {
        double start = now();
        unsigned long long pixels = 0;
        for (int i = 2; i < argc; i++) {
            unsigned long long count = decode_jpeg(argv[i]);
            if (count == 0) {
                fprintf(stderr, "floor: cannot decode %s\n", argv[i]);
                return 1;
            }
            pixels += count;
        }
        printf("decode files=%d pixels=%llu seconds=%.4f\n", argc - 2, pixels, now() - start);
        return 0;
    }
    if (argc >= 3 && strcmp(argv[1], "decode") == 0) {
        double start = now();
        unsigned long long pixels = 0;
        for (int i = 2; i < argc; i++) {
            png_image image;
            unsigned char *rgba = decode(argv[i], &image);
            if (rgba == NULL) {
                fprintf(stderr, "floor: cannot decode %s\n", argv[i]);
                return 1;
            }
            pixels += (unsigned long long)image.width * image.height;
            free(rgba);
        }
        printf("decode files=%d pixels=%llu seconds=%.4f\n", argc - 2, pixels, now() - start);
        return 0;
    }
    if (argc == 5 && strcmp(argv[1], "encode") == 0) {
        png_image image;
        unsigned char *rgba = decode(argv[2], &image);
        if (rgba == NULL) {
            fprintf(stderr, "floor: cannot decode %s\n", argv[2]);
            return 1;
        }
        /* An opaque sheet is written as RGB, as pinboard writes it. */
        int channels = 3;
        for (size_t i = 0; i < (size_t)image.width * image.height; i++) {
            if (rgba[i * 4 + 3] != 255) channels = 4;
        }
        if (channels == 3) {
            for (size_t i = 0; i < (size_t)image.width * image.height; i++) memmove(rgba + i * 3, rgba + i * 4, 3);
        }
        double start = now();
        int failed = encode(argv[3], rgba, image.width, image.height, channels, atoi(argv[4]));
        printf("encode pixels=%llu seconds=%.4f\n", (unsigned long long)image.width * image.height, now() - start);
        free(rgba);
        return failed;
    }
    fprintf(stderr, "usage: floor decode FILE... | floor decode-jpeg FILE... | floor encode IN.png OUT.png LEVEL\n");
    return 2;
}
