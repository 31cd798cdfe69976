/**
 * The standard normal distribution function and its inverse, to full double precision.
 *
 * Written here rather than taken from npm: the well-kept candidates (stdlib's erfc and
 * erfcinv) pull about 150 packages for two functions, and both algorithms below are short,
 * published with their coefficients, and checked in the tests against 30-digit values. The
 * coefficients are written as the shortest decimals of the doubles the published ones round to.
 */

const ONE_OVER_SQRT_TWO_PI = 0.3989422804014327;

// Cody's rational Chebyshev approximations (see normalCdf).
const CODY_A = [
  2.2352520354606837, 161.02823106855587, 1067.6894854603709, 18154.98125334356, 0.06568233791820745,
];
const CODY_B = [47.202581904688245, 976.0985517377767, 10260.932208618979, 45507.78933502673];
const CODY_C = [
  0.39894151208813466, 8.883149794388377, 93.50665613217785, 597.2702763948002, 2494.5375852903726,
  6848.190450536283, 11602.65143764735, 9842.714838383978, 1.0765576773720192e-8,
];
const CODY_D = [
  22.266688044328117, 235.387901782625, 1519.3775994075547, 6485.558298266761, 18615.571640885097,
  34900.95272114598, 38912.00328609327, 19685.429676859992,
];
const CODY_P = [
  0.215898534057957, 0.12740116116024736, 0.022235277870649807, 0.0014216191932278934,
  0.000029112874951168793, 0.023073441764940174,
];
const CODY_Q = [
  1.284260096144911, 0.4682382124808651, 0.06598813786892856, 0.0037823963320275824, 0.00007297515550839662,
];

/**
 * exp(-x^2 / 2) without the rounding error of squaring x: x is split into a part with 4
 * fractional bits (whose square is exact) and the rest (Cody 1993, as R's pnorm does).
 */
function gaussianTail(x: number): number {
  const head = Math.trunc(x * 16) / 16;
  const rest = (x - head) * (x + head);
  return Math.exp(-head * head * 0.5) * Math.exp(-rest * 0.5);
}

/**
 * Phi(x) = P(Z <= x) for a standard normal Z, relative error about 1e-16 over the whole
 * line (tails included). W. J. Cody, "Rational Chebyshev approximations for the error
 * function", Math. Comp. 23 (1969) 631-637, in the form of his ANORM routine (ACM TOMS
 * Algorithm 715, 1993), the method of R's pnorm.
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const y = Math.abs(x);
  if (y <= 0.66291) {
    const square = y > 1.1e-16 ? x * x : 0;
    let numerator = CODY_A[4]! * square;
    let denominator = square;
    for (let i = 0; i < 3; i++) {
      numerator = (numerator + CODY_A[i]!) * square;
      denominator = (denominator + CODY_B[i]!) * square;
    }
    return 0.5 + (x * (numerator + CODY_A[3]!)) / (denominator + CODY_B[3]!);
  }
  let upperTail: number;
  if (y <= Math.sqrt(32)) {
    let numerator = CODY_C[8]! * y;
    let denominator = y;
    for (let i = 0; i < 7; i++) {
      numerator = (numerator + CODY_C[i]!) * y;
      denominator = (denominator + CODY_D[i]!) * y;
    }
    upperTail = gaussianTail(y) * ((numerator + CODY_C[7]!) / (denominator + CODY_D[7]!));
  } else if (y < 38.5) {
    const inverseSquare = 1 / (x * x);
    let numerator = CODY_P[5]! * inverseSquare;
    let denominator = inverseSquare;
    for (let i = 0; i < 4; i++) {
      numerator = (numerator + CODY_P[i]!) * inverseSquare;
      denominator = (denominator + CODY_Q[i]!) * inverseSquare;
    }
    const ratio = (inverseSquare * (numerator + CODY_P[4]!)) / (denominator + CODY_Q[4]!);
    upperTail = (gaussianTail(y) * (ONE_OVER_SQRT_TWO_PI - ratio)) / y;
  } else {
    upperTail = 0;
  }
  return x > 0 ? 1 - upperTail : upperTail;
}

// Wichura's PPND16 coefficients (see normalQuantile), lowest degree first.
const CENTRAL_NUMERATOR = [
  3.3871328727963665, 133.14166789178438, 1971.5909503065513, 13731.69376550946, 45921.95393154987,
  67265.7709270087, 33430.57558358813, 2509.0809287301227,
];
const CENTRAL_DENOMINATOR = [
  1, 42.31333070160091, 687.1870074920579, 5394.196021424751, 21213.794301586597, 39307.89580009271,
  28729.085735721943, 5226.495278852854,
];
const NEAR_NUMERATOR = [
  1.4234371107496835, 4.630337846156546, 5.769497221460691, 3.6478483247632045, 1.2704582524523684,
  0.2417807251774506, 0.022723844989269184, 0.0007745450142783414,
];
const NEAR_DENOMINATOR = [
  1, 2.053191626637759, 1.6763848301838038, 0.6897673349851, 0.14810397642748008, 0.015198666563616457,
  0.0005475938084995345, 1.0507500716444169e-9,
];
const FAR_NUMERATOR = [
  6.657904643501103, 5.463784911164114, 1.7848265399172913, 0.29656057182850487, 0.026532189526576124,
  0.0012426609473880784, 0.000027115555687434876, 2.0103343992922881e-7,
];
const FAR_DENOMINATOR = [
  1, 0.599832206555888, 0.1369298809227358, 0.014875361290850615, 0.0007868691311456133,
  0.000018463183175100548, 1.421511758316446e-7, 2.0442631033899397e-15,
];

function polynomial(coefficients: readonly number[], x: number): number {
  let value = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) value = value * x + coefficients[i]!;
  return value;
}

/**
 * Phi^-1(p): the z with P(Z <= z) = p; -Infinity at 0, +Infinity at 1, NaN outside [0, 1].
 * M. J. Wichura, "Algorithm AS 241: The Percentage Points of the Normal Distribution",
 * Applied Statistics 37(3) (1988) 477-484, routine PPND16 (relative error about 1e-16).
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * polynomial(CENTRAL_NUMERATOR, r)) / polynomial(CENTRAL_DENOMINATOR, r);
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let z: number;
  if (r <= 5) {
    r -= 1.6;
    z = polynomial(NEAR_NUMERATOR, r) / polynomial(NEAR_DENOMINATOR, r);
  } else {
    r -= 5;
    z = polynomial(FAR_NUMERATOR, r) / polynomial(FAR_DENOMINATOR, r);
  }
  return q < 0 ? -z : z;
}
