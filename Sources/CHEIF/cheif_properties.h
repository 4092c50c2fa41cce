#ifndef CHEIF_PROPERTIES_H
#define CHEIF_PROPERTIES_H

#include <stddef.h>
#include <stdint.h>

/* The item properties of a HEIF file's meta box, read by the shim itself, for what
 * libheif 1.15 gets wrong: it sizes an image by walking the item's property
 * associations in order, so a rotation (irot) or crop (clap) listed before the size
 * (ispe), as link-u's kimono.rotate90.avif and kimono.crop.avif list them, is applied
 * to no size and then overwritten by ispe. The decode applies the transforms to the
 * decoded pixels whatever their order, so the handle's size and the decoded size
 * disagreed. ISO/IEC 23008-12 (6.5.3, 6.5.9, 6.5.10, 6.5.12) makes ispe the size of the
 * reconstructed image, with the transforms applied after it in their order. */

/* Reads `count` bytes at `offset` of the file; the bytes read, or -1. */
typedef int64_t (*cheif_read_at)(void *context, uint64_t offset, void *buffer, size_t count);

typedef struct cheif_properties cheif_properties;

/* The file's meta box and the property layout in it, or NULL when there is none, it is
 * over 16 MiB or damaged (libheif then reports what it makes of the file). */
cheif_properties *cheif_properties_read(cheif_read_at read, void *context);
void cheif_properties_destroy(cheif_properties *properties);

/* Where the furthest item data the meta box's iloc claims in the file ends (0 when the
 * box cannot be read): a claim past the end of the file is a cut file, whatever libheif
 * then says (for a claim of gigabytes, its security limit). */
uint64_t cheif_meta_data_end(cheif_read_at read, void *context);

/* The size of `item` after its transforms, from its ispe, when a rotation or crop is
 * listed before that ispe: 1 with *width and *height set; 0 when the order is the
 * specified one (libheif's own size is then right) or the item has no ispe. */
int cheif_properties_reordered_size(const cheif_properties *properties, uint32_t item, uint32_t *width,
                                    uint32_t *height);

/* Whether `item` is coded without chroma: its av1C says monochrome, or its hvcC a
 * chroma_format_idc of 0. 0 when neither says so or the item has neither (a grid). */
int cheif_properties_monochrome(const cheif_properties *properties, uint32_t item);

/* Whether an auxiliary item (iref auxl) of `item` is an alpha plane (auxC): libheif 1.15
 * leaves one out when its size after its own transforms is not the colour image's (an
 * alpha item without the colour item's irot, as libavif's abc_color_irot_alpha_NOirot.avif). */
int cheif_properties_has_alpha_item(const cheif_properties *properties, uint32_t item);

#endif
