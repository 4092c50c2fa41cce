#include "cresample.h"
#include "cimage_vector.h"

/* Weight tables, four destination pixels at a time: every lane takes the very operations a
 * scalar loop would, in the same order, so the doubles and the weights are the same on any
 * CPU. Clang's vector extensions give one source for both builds: AVX2 (four lanes a
 * register) and the x86-64 baseline (two), picked at load as CPNG's row loops are, and the
 * portable build alone under sanitizers (see cimage_vector.h). No multiply is fused with
 * an add, which would round once where the definition rounds twice. */
#pragma clang fp contract(off)
/* Every function taking lanes is inlined into the one clone that calls it, so no call
 * passes them where the baseline's ABI differs from AVX's. */
#pragma clang diagnostic ignored "-Wpsabi"

/* Every function taking or giving lanes: see -Wpsabi above. */
#define LANE_FUNCTION static inline __attribute__((always_inline))

enum { LANES = 4 };

typedef double lanes __attribute__((vector_size(LANES * sizeof(double))));
/* Lanes kept in the caller's scratch, which is aligned for a double only. */
typedef double stored_lanes __attribute__((vector_size(LANES * sizeof(double)), aligned(sizeof(double))));
typedef int64_t lane_mask __attribute__((vector_size(LANES * sizeof(int64_t))));
typedef int32_t lane_int __attribute__((vector_size(LANES * sizeof(int32_t))));

static const double PI = 3.14159265358979311599796346854;

LANE_FUNCTION lanes splat(double value) { return (lanes){value, value, value, value}; }

/* `yes` where `mask` is set, `no` elsewhere. */
LANE_FUNCTION lanes choose(lane_mask mask, lanes yes, lanes no) {
    return (lanes)(((lane_mask)yes & mask) | ((lane_mask)no & ~mask));
}

LANE_FUNCTION int any(lane_mask mask) { return (mask[0] | mask[1] | mask[2] | mask[3]) != 0; }

/* Rounded half away from zero, as a whole double: truncated, then one added or taken away
 * by the fraction left. The values met here are far inside 32 bits. */
LANE_FUNCTION lanes rounded_half_away(lanes value) {
    lanes truncated = __builtin_convertvector(__builtin_convertvector(value, lane_int), lanes);
    lanes fraction = value - truncated;
    lanes up = choose(fraction >= 0.5, splat(1), splat(0));
    lanes down = choose(fraction <= -0.5, splat(1), splat(0));
    return truncated + up - down;
}

/* sin(πx): the argument reduced to [-½, ½], where sin(πx) is odd and has period 2, then
 * the Taylor series to the 23rd power (far past double precision there), summed by
 * Estrin's scheme, whose products do not wait on one another. The coefficients are
 * (−1)ᵏ / (2k + 1)! for k = 0…11, as the nearest doubles. */
LANE_FUNCTION lanes sin_pi(lanes x) {
    lanes t = x - 2 * rounded_half_away(x / 2);
    t = choose(t > 0.5, 1 - t, choose(t < -0.5, -1 - t, t));
    lanes angle = PI * t;
    lanes square = angle * angle;
    lanes fourth = square * square;
    lanes eighth = fourth * fourth;
    lanes pair0 = 1.0 - 0.16666666666666666 * square;
    lanes pair1 = 0.008333333333333333 - 0.0001984126984126984 * square;
    lanes pair2 = 2.7557319223985893e-06 - 2.505210838544172e-08 * square;
    lanes pair3 = 1.6059043836821613e-10 - 7.647163731819816e-13 * square;
    lanes pair4 = 2.8114572543455206e-15 - 8.22063524662433e-18 * square;
    lanes pair5 = 1.9572941063391263e-20 - 3.868170170630684e-23 * square;
    lanes low = pair0 + pair1 * fourth;
    lanes middle = pair2 + pair3 * fourth;
    lanes high = pair4 + pair5 * fourth;
    return angle * ((low + middle * eighth) + high * (eighth * eighth));
}

/* Lanczos3 at x (not 0, inside its window) from sin(πx) and sin(πx / 3): sinc(x) ·
 * sinc(x / 3), the two quotients taken as one. */
LANE_FUNCTION lanes lanczos3(lanes x, lanes sine, lanes sine_third) {
    return (sine * sine_third) / ((PI * x) * (PI * (x / 3)));
}

/* Lanczos3 at x by its definition, half-open like Pillow's window. */
LANE_FUNCTION lanes lanczos3_at(lanes x) {
    lanes value = choose(x == 0, splat(1), lanczos3(x, sin_pi(x), sin_pi(x / 3)));
    return choose((x >= -3) & (x < 3), value, splat(0));
}

/* Below this distance from the centre a turned sine is not used: lanczos3 divides its sines
 * by the distance squared, which would magnify the turns' drift of a few ulps (an absolute
 * error) as the distance nears zero. Taken by the definition there instead. */
static const double NEAR_CENTRE = 0.125;

/* The turn from one tap to the next of lanczos3's two sines, sin(πx) and sin(πx / 3): the
 * sine and cosine of π · step and of a third of it. */
typedef struct turns {
    double step, sin, cos, third_sin, third_cos;
} turns;

LANE_FUNCTION turns turns_of(double step) {
    lanes values = sin_pi((lanes){step, step + 0.5, step / 3, step / 3 + 0.5});
    return (turns){step, values[0], values[1], values[2], values[3]};
}

/* Lanczos3 at the taps of four destination pixels, tap k of a pixel lying `first + k ·
 * step` from its centre. A pixel's taps are evenly spaced, so both sines are turned from
 * one tap to the next by a fixed angle (sin(a + d) = sin a · cos d + cos a · sin d),
 * starting from the first tap's, which the series gives: two series a destination pixel
 * instead of two a tap. */
LANE_FUNCTION void lanczos3_taps(lanes first, turns turn, size_t taps, stored_lanes *raw) {
    lanes sine_third = sin_pi(first / 3);
    lanes cosine_third = sin_pi(first / 3 + 0.5);
    /* The first tap's whole angle from its third: sin 3θ = 3 sin θ − 4 sin³ θ and
     * cos 3θ = 4 cos³ θ − 3 cos θ. */
    lanes sine = sine_third * (3 - 4 * sine_third * sine_third);
    lanes cosine = cosine_third * (4 * cosine_third * cosine_third - 3);
    for (size_t tap = 0; tap < taps; tap++) {
        lanes x = first + (double)tap * turn.step;
        lanes value = choose((x >= -3) & (x < 3), lanczos3(x, sine, sine_third), splat(0));
        lane_mask near = __builtin_elementwise_abs(x) < NEAR_CENTRE;
        raw[tap] = any(near) ? choose(near, lanczos3_at(x), value) : value;
        lanes turned_sine = sine * turn.cos + cosine * turn.sin;
        cosine = cosine * turn.cos - sine * turn.sin;
        sine = turned_sine;
        lanes turned_third = sine_third * turn.third_cos + cosine_third * turn.third_sin;
        cosine_third = cosine_third * turn.third_cos - sine_third * turn.third_sin;
        sine_third = turned_third;
    }
}

/* Box and bilinear at the taps of four destination pixels, tap k `(start + k − centre + ½)
 * / stretch` from the centre. */
LANE_FUNCTION void simple_taps(int filter, lanes start, lanes centre, double stretch, size_t taps,
                              stored_lanes *raw) {
    for (size_t tap = 0; tap < taps; tap++) {
        lanes x = ((start + (double)tap) - centre + 0.5) / stretch;
        if (filter == CRESAMPLE_BOX) {
            raw[tap] = choose((x > -0.5) & (x <= 0.5), splat(1), splat(0));
        } else {
            lanes distance = __builtin_elementwise_abs(x);
            raw[tap] = choose(distance < 1, 1 - distance, splat(0));
        }
    }
}

/* Divides each pixel's values by their sum and rounds them to 14-bit fixed point, then
 * moves what the rounded weights miss of CRESAMPLE_WEIGHT_ONE onto the largest weight (the
 * first of equals), where it changes the shape least. A window whose values add up to 0,
 * reachable only with a degenerate kernel, is averaged instead, which keeps colours flat.
 * Writes the `counts[lane]` weights of each of the `lanes_used` pixels. */
LANE_FUNCTION void normalise(const stored_lanes *raw, const ptrdiff_t *counts, size_t lanes_used, size_t taps,
                            int16_t *const *rows) {
    lanes count = {(double)counts[0], (double)counts[1], (double)counts[2], (double)counts[3]};
    lanes total = splat(0);
    for (size_t tap = 0; tap < taps; tap++) total += choose((double)tap < count, raw[tap], splat(0));
    lane_mask flat = total == 0;
    total = choose(flat, count, total);
    lanes units = CRESAMPLE_WEIGHT_ONE / total;
    lane_int sum = {0, 0, 0, 0}, largest = {0, 0, 0, 0}, best = {0, 0, 0, 0};
    for (size_t tap = 0; tap < taps; tap++) {
        lanes value = choose(flat, splat(1), raw[tap]) * units;
        /* Clamped to 16 bits before rounding, which gives what clamping the rounded value
         * would (the bounds are whole), and keeps the conversion to 32 bits in range. */
        value = __builtin_elementwise_min(__builtin_elementwise_max(value, splat(-32768)), splat(32767));
        lane_int weight = __builtin_convertvector(rounded_half_away(value), lane_int);
        lane_int inside = __builtin_convertvector((double)tap < count, lane_int);
        weight &= inside;
        sum += weight;
        /* The first tap is the largest so far whatever its weight. */
        lane_int larger = tap == 0 ? inside : (weight > best) & inside;
        best = (best & ~larger) | (weight & larger);
        largest = (largest & ~larger) | ((lane_int){(int32_t)tap, (int32_t)tap, (int32_t)tap, (int32_t)tap} & larger);
        for (size_t lane = 0; lane < lanes_used; lane++) {
            if ((ptrdiff_t)tap < counts[lane]) rows[lane][tap] = (int16_t)weight[lane];
        }
    }
    for (size_t lane = 0; lane < lanes_used; lane++) {
        int32_t fixed = rows[lane][largest[lane]] + CRESAMPLE_WEIGHT_ONE - sum[lane];
        rows[lane][largest[lane]] = (int16_t)(fixed < -32768 ? -32768 : (fixed > 32767 ? 32767 : fixed));
    }
}

/* The weights of destination pixels `index` on, four of them or the last few: a last group
 * of fewer repeats its last pixel in the lanes left over. */
LANE_FUNCTION void weights_group(int filter, size_t index, size_t output_size, double scale, double stretch,
                                turns turn, const ptrdiff_t *starts, const ptrdiff_t *counts, size_t stride,
                                stored_lanes *raw, int16_t *weights) {
    size_t lanes_used = output_size - index < LANES ? output_size - index : LANES;
    ptrdiff_t group_counts[LANES];
    int16_t *rows[LANES];
    lanes centre, start;
    size_t taps = 0;
    for (size_t lane = 0; lane < LANES; lane++) {
        size_t pixel = index + (lane < lanes_used ? lane : lanes_used - 1);
        group_counts[lane] = counts[pixel];
        rows[lane] = weights + pixel * stride;
        centre[lane] = ((double)pixel + 0.5) * scale;
        start[lane] = (double)starts[pixel];
        if ((size_t)counts[pixel] > taps) taps = (size_t)counts[pixel];
    }
    if (filter == CRESAMPLE_LANCZOS3) {
        lanczos3_taps((start - centre + 0.5) / stretch, turn, taps, raw);
    } else {
        simple_taps(filter, start, centre, stretch, taps, raw);
    }
    normalise(raw, group_counts, lanes_used, taps, rows);
}

CIMAGE_VECTOR_CLONES void cresample_weights(int filter, size_t input_size, size_t output_size, const ptrdiff_t *starts,
                                            const ptrdiff_t *counts, size_t stride, double *scratch, int16_t *weights) {
    const double scale = (double)input_size / (double)output_size;
    const double stretch = scale > 1 ? scale : 1;
    const turns turn = turns_of(1 / stretch);
    for (size_t index = 0; index < output_size; index += LANES) {
        weights_group(filter, index, output_size, scale, stretch, turn, starts, counts, stride,
                      (stored_lanes *)(void *)scratch, weights);
    }
}
