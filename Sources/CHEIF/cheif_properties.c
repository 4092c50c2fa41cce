#include "cheif_properties.h"

#include <stdlib.h>
#include <string.h>

enum {
    /* A phone photo's meta box is tens of KiB; a grid of thousands of tiles a few MiB. */
    META_LIMIT = 16 * 1024 * 1024,
    /* Top-level boxes looked at for meta: it follows ftyp in every file written to the standard. */
    TOP_LEVEL_BOXES = 64,
};

struct cheif_properties {
    uint8_t *meta;
    size_t meta_count;
    /* Offsets in `meta` of each ipco child's header (index 1 is properties[0]), and their count. */
    size_t *properties;
    size_t property_count;
    /* The iref box's body and end, for auxiliary images; 0 when there is none. */
    size_t iref;
    size_t iref_end;
    /* Each ipma box's body, for the associations. */
    size_t ipma[4];
    size_t ipma_end[4];
    int ipma_count;
};

static uint32_t be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/* One box in [at, end): its type, body and end; 0 when it does not fit. */
static int box_at(const uint8_t *data, size_t at, size_t end, char type[4], size_t *body, size_t *box_end) {
    if (end - at < 8) return 0;
    uint64_t size = be32(data + at);
    size_t header = 8;
    if (size == 1) {
        if (end - at < 16) return 0;
        size = (uint64_t)be32(data + at + 8) << 32 | be32(data + at + 12);
        header = 16;
    } else if (size == 0) {
        size = end - at;
    }
    if (size < header || size > end - at) return 0;
    memcpy(type, data + at + 4, 4);
    *body = at + header;
    *box_end = at + (size_t)size;
    return 1;
}

/* The first child of type `wanted` in [start, end). */
static int find_child(const uint8_t *data, size_t start, size_t end, const char *wanted, size_t *body, size_t *child_end) {
    char type[4];
    for (size_t at = start; box_at(data, at, end, type, body, child_end); at = *child_end) {
        if (memcmp(type, wanted, 4) == 0) return 1;
    }
    return 0;
}

static int load_meta(cheif_properties *properties, cheif_read_at read, void *context) {
    uint64_t at = 0;
    for (int i = 0; i < TOP_LEVEL_BOXES; i++) {
        uint8_t header[16];
        if (read(context, at, header, sizeof header) < 16) return 0;
        uint64_t size = be32(header);
        if (size == 1) size = (uint64_t)be32(header + 8) << 32 | be32(header + 12);
        if (size < 8) return 0;
        if (memcmp(header + 4, "meta", 4) == 0) {
            if (size > META_LIMIT) return 0;
            properties->meta = malloc((size_t)size);
            if (properties->meta == NULL) return 0;
            if (read(context, at, properties->meta, (size_t)size) != (int64_t)size) return 0;
            properties->meta_count = (size_t)size;
            return 1;
        }
        at += size;
    }
    return 0;
}

static int index_properties(cheif_properties *properties) {
    const uint8_t *meta = properties->meta;
    char type[4];
    size_t body, end, iprp, iprp_end, ipco, ipco_end;
    if (!box_at(meta, 0, properties->meta_count, type, &body, &end) || end - body < 4) return 0;
    if (!find_child(meta, body + 4, end, "iref", &properties->iref, &properties->iref_end)) properties->iref = 0;
    if (!find_child(meta, body + 4, end, "iprp", &iprp, &iprp_end)) return 0;
    if (!find_child(meta, iprp, iprp_end, "ipco", &ipco, &ipco_end)) return 0;
    size_t count = 0, child, child_end;
    for (size_t at = ipco; box_at(meta, at, ipco_end, type, &child, &child_end); at = child_end) count++;
    properties->properties = calloc(count > 0 ? count : 1, sizeof *properties->properties);
    if (properties->properties == NULL) return 0;
    for (size_t at = ipco; box_at(meta, at, ipco_end, type, &child, &child_end); at = child_end) {
        properties->properties[properties->property_count++] = at;
    }
    for (size_t at = iprp; box_at(meta, at, iprp_end, type, &child, &child_end) && properties->ipma_count < 4;
         at = child_end) {
        if (memcmp(type, "ipma", 4) != 0) continue;
        properties->ipma[properties->ipma_count] = child;
        properties->ipma_end[properties->ipma_count++] = child_end;
    }
    return properties->ipma_count > 0;
}

cheif_properties *cheif_properties_read(cheif_read_at read, void *context) {
    cheif_properties *properties = calloc(1, sizeof *properties);
    if (properties == NULL) return NULL;
    if (load_meta(properties, read, context) && index_properties(properties)) return properties;
    cheif_properties_destroy(properties);
    return NULL;
}

/* A big-endian number of `size` bytes (0, 4 or 8) at *at, moved past; 0 when it does not fit. */
static uint64_t field(const uint8_t *data, size_t *at, size_t end, unsigned size, int *ok) {
    if (size == 0) return 0;
    if (end - *at < size) {
        *ok = 0;
        return 0;
    }
    uint64_t value = 0;
    for (unsigned i = 0; i < size; i++) value = value << 8 | data[*at + i];
    *at += size;
    return value;
}

uint64_t cheif_meta_data_end(cheif_read_at read, void *context) {
    cheif_properties properties = {0};
    uint64_t furthest = 0;
    if (!load_meta(&properties, read, context)) goto done;
    const uint8_t *meta = properties.meta;
    char type[4];
    size_t body, end, at, iloc_end;
    if (!box_at(meta, 0, properties.meta_count, type, &body, &end) || end - body < 4) goto done;
    if (!find_child(meta, body + 4, end, "iloc", &at, &iloc_end) || iloc_end - at < 6) goto done;
    int version = meta[at];
    unsigned offset_size = meta[at + 4] >> 4, length_size = meta[at + 4] & 15, base_size = meta[at + 5] >> 4;
    unsigned index_size = version >= 1 ? meta[at + 5] & 15 : 0;
    at += 6;
    int ok = 1;
    uint64_t items = field(meta, &at, iloc_end, version < 2 ? 2 : 4, &ok);
    for (uint64_t item = 0; item < items && ok; item++) {
        field(meta, &at, iloc_end, version < 2 ? 2 : 4, &ok);
        unsigned method = version >= 1 ? (unsigned)field(meta, &at, iloc_end, 2, &ok) & 15 : 0;
        field(meta, &at, iloc_end, 2, &ok);
        uint64_t base = field(meta, &at, iloc_end, base_size, &ok);
        uint64_t extents = field(meta, &at, iloc_end, 2, &ok);
        for (uint64_t extent = 0; extent < extents && ok; extent++) {
            field(meta, &at, iloc_end, index_size, &ok);
            uint64_t offset = field(meta, &at, iloc_end, offset_size, &ok);
            uint64_t length = field(meta, &at, iloc_end, length_size, &ok);
            /* Only data in the file (construction method 0) has an end in it. */
            if (ok && method == 0 && base + offset >= base && base + offset + length >= base + offset &&
                base + offset + length > furthest) {
                furthest = base + offset + length;
            }
        }
    }
done:
    free(properties.meta);
    return furthest;
}

void cheif_properties_destroy(cheif_properties *properties) {
    if (properties == NULL) return;
    free(properties->meta);
    free(properties->properties);
    free(properties);
}

/* Property `index` (1-based): its type and body, or 0. */
static int property(const cheif_properties *properties, uint32_t index, char type[4], size_t *body, size_t *end) {
    if (index == 0 || index > properties->property_count) return 0;
    return box_at(properties->meta, properties->properties[index - 1], properties->meta_count, type, body, end);
}

/* The association list of `item`: where its first index is, how many, and their width. */
static int associations(const cheif_properties *properties, uint32_t item, size_t *first, uint32_t *count, int *wide) {
    const uint8_t *meta = properties->meta;
    for (int box = 0; box < properties->ipma_count; box++) {
        size_t at = properties->ipma[box], end = properties->ipma_end[box];
        if (end - at < 8) continue;
        int version = meta[at];
        *wide = meta[at + 3] & 1;
        uint32_t entries = be32(meta + at + 4);
        at += 8;
        for (uint32_t entry = 0; entry < entries; entry++) {
            size_t id_size = version < 1 ? 2 : 4;
            if (end - at < id_size + 1) break;
            uint32_t id = id_size == 2 ? (uint32_t)meta[at] << 8 | meta[at + 1] : be32(meta + at);
            uint32_t listed = meta[at + id_size];
            at += id_size + 1;
            size_t bytes = (size_t)listed * (*wide ? 2 : 1);
            if (end - at < bytes) break;
            if (id == item) {
                *first = at;
                *count = listed;
                return 1;
            }
            at += bytes;
        }
    }
    return 0;
}

/* A clean aperture's width or height, N/D rounded; whole numbers in every file seen. */
static uint32_t aperture(uint32_t numerator, uint32_t denominator, uint32_t current) {
    if (denominator == 0) return current;
    uint64_t value = ((uint64_t)numerator + denominator / 2) / denominator;
    return value == 0 || value > current ? current : (uint32_t)value;
}

int cheif_properties_reordered_size(const cheif_properties *properties, uint32_t item, uint32_t *width,
                                    uint32_t *height) {
    if (properties == NULL) return 0;
    size_t first;
    uint32_t count;
    int wide;
    if (!associations(properties, item, &first, &count, &wide)) return 0;
    const uint8_t *meta = properties->meta;
    uint32_t w = 0, h = 0;
    int found = 0, transformed_before = 0;
    /* ispe first, wherever it is listed; then the transforms, in their order. */
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < count; i++) {
            const uint8_t *entry = meta + first + (size_t)i * (wide ? 2 : 1);
            uint32_t index = wide ? ((uint32_t)entry[0] << 8 | entry[1]) & 0x7FFF : entry[0] & 0x7Fu;
            char type[4];
            size_t body, end;
            if (!property(properties, index, type, &body, &end)) continue;
            if (pass == 0) {
                if (memcmp(type, "ispe", 4) == 0 && end - body >= 12 && !found) {
                    w = be32(meta + body + 4);
                    h = be32(meta + body + 8);
                    found = 1;
                } else if (!found && (memcmp(type, "irot", 4) == 0 || memcmp(type, "clap", 4) == 0)) {
                    transformed_before = 1;
                }
            } else if (memcmp(type, "irot", 4) == 0 && end - body >= 1) {
                if ((meta[body] & 3) % 2 == 1) {
                    uint32_t swap = w;
                    w = h;
                    h = swap;
                }
            } else if (memcmp(type, "clap", 4) == 0 && end - body >= 32) {
                w = aperture(be32(meta + body), be32(meta + body + 4), w);
                h = aperture(be32(meta + body + 8), be32(meta + body + 12), h);
            }
        }
        if (!found || !transformed_before) return 0;
    }
    *width = w;
    *height = h;
    return 1;
}

int cheif_properties_monochrome(const cheif_properties *properties, uint32_t item) {
    if (properties == NULL) return 0;
    size_t first;
    uint32_t count;
    int wide;
    if (!associations(properties, item, &first, &count, &wide)) return 0;
    const uint8_t *meta = properties->meta;
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *entry = meta + first + (size_t)i * (wide ? 2 : 1);
        uint32_t index = wide ? ((uint32_t)entry[0] << 8 | entry[1]) & 0x7FFF : entry[0] & 0x7Fu;
        char type[4];
        size_t body, end;
        if (!property(properties, index, type, &body, &end)) continue;
        /* av1C: marker and version, profile and level, then tier, high_bitdepth, twelve_bit, monochrome, … */
        if (memcmp(type, "av1C", 4) == 0 && end - body >= 3) return (meta[body + 2] & 0x10) != 0;
        /* hvcC: chroma_format_idc in the low two bits of byte 16. */
        if (memcmp(type, "hvcC", 4) == 0 && end - body >= 17) return (meta[body + 16] & 3) == 0;
    }
    return 0;
}

/* Whether `item` is associated with an auxC naming alpha. */
static int is_alpha(const cheif_properties *properties, uint32_t item) {
    size_t first;
    uint32_t count;
    int wide;
    if (!associations(properties, item, &first, &count, &wide)) return 0;
    static const char *const names[] = {"urn:mpeg:mpegB:cicp:systems:auxiliary:alpha", "urn:mpeg:hevc:2015:auxid:1"};
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *entry = properties->meta + first + (size_t)i * (wide ? 2 : 1);
        uint32_t index = wide ? ((uint32_t)entry[0] << 8 | entry[1]) & 0x7FFF : entry[0] & 0x7Fu;
        char type[4];
        size_t body, end;
        if (!property(properties, index, type, &body, &end) || memcmp(type, "auxC", 4) != 0 || end - body < 4) continue;
        const char *urn = (const char *)properties->meta + body + 4;
        size_t room = end - body - 4;
        for (size_t n = 0; n < 2; n++) {
            size_t length = strlen(names[n]);
            if (room >= length && memcmp(urn, names[n], length) == 0 && (room == length || urn[length] == '\0')) return 1;
        }
    }
    return 0;
}

int cheif_properties_has_alpha_item(const cheif_properties *properties, uint32_t item) {
    if (properties == NULL || properties->iref == 0) return 0;
    const uint8_t *meta = properties->meta;
    size_t at = properties->iref, end = properties->iref_end;
    if (end - at < 4) return 0;
    size_t id_size = meta[at] == 0 ? 2 : 4;
    char type[4];
    size_t body, reference_end;
    for (at += 4; box_at(meta, at, end, type, &body, &reference_end); at = reference_end) {
        if (memcmp(type, "auxl", 4) != 0 || reference_end - body < id_size + 2) continue;
        uint32_t from = id_size == 2 ? (uint32_t)meta[body] << 8 | meta[body + 1] : be32(meta + body);
        size_t list = body + id_size;
        uint32_t count = (uint32_t)meta[list] << 8 | meta[list + 1];
        list += 2;
        for (uint32_t i = 0; i < count && reference_end - list >= id_size; i++, list += id_size) {
            uint32_t to = id_size == 2 ? (uint32_t)meta[list] << 8 | meta[list + 1] : be32(meta + list);
            if (to == item && is_alpha(properties, from)) return 1;
        }
    }
    return 0;
}
