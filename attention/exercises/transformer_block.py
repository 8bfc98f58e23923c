"""Build it: the lesson "Where attention sits: the transformer block".

Two exercises, each where the lesson states its formula: layer
normalisation, and the GELU feed-forward layer. The positions (RoPE, ALiBi)
are the next lesson's, in ``positions_inside_attention.py``.
"""

from __future__ import annotations

import numpy as np

from ..models.layers import gelu, layer_norm, linear
from .format import FLOAT32, Case, Exercise, Mistake, Returns, Tolerance

LESSON = "transformer-block"
NORMS = "transformer-block.md#normalising-each-token-layernorm-and-rmsnorm"
FFN = "transformer-block.md#the-feed-forward-layer"


# ── Layer normalisation ────────────────────────────────────────────────────


def _norm_args(
    seed: int, shape: tuple[int, ...], eps: float, *, plain: bool = False, dtype: type = np.float64
) -> tuple[object, ...]:
    """x, gamma, beta, eps; ``plain``: gamma 1 and beta 0, as initialised."""
    rng = np.random.default_rng(seed)
    d = shape[-1]
    x = 2.0 * rng.standard_normal(shape) + 1.0
    gamma = np.ones(d) if plain else rng.uniform(0.5, 2.0, d)
    beta = np.zeros(d) if plain else rng.standard_normal(d)
    return x.astype(dtype), gamma.astype(dtype), beta.astype(dtype), eps


def _norm_cases() -> list[Case]:
    lesson = (np.array([2.0, 4.0, 6.0, 12.0]), np.ones(4), np.zeros(4), 1e-5)
    constant = np.array([[5.0, 5.0, 5.0], [1.0, 2.0, 6.0]])
    return [
        Case("the lesson's vector, γ = 1, β = 0", lesson),
        Case("a constant token", (constant, np.array([1.5, 0.5, 2.0]), np.array([0.1, -0.2, 0.3]), 1e-5)),
        Case("3 tokens, d = 4, γ = 1, β = 0", _norm_args(1, (3, 4), 1e-5, plain=True)),
        Case("a large eps (0.5), 2 tokens, d = 3", _norm_args(2, (2, 3), 0.5)),
        Case("float32, 3 tokens, d = 5", _norm_args(3, (3, 5), 1e-5, dtype=np.float32), FLOAT32),
        Case("random, 4 tokens, d = 4", _norm_args(4, (4, 4), 1e-5)),
        Case("random, a batch of 2 × 3 tokens, d = 6", _norm_args(5, (2, 3, 6), 1e-5)),
    ]


LAYER_NORM = Exercise(
    id="layer-norm",
    lesson=LESSON,
    title="LayerNorm, token by token",
    function="layer_norm",
    prompt=(
        r"Write `layer_norm(x, gamma, beta, eps)`: each token's vector (the last axis of `x`) minus its mean "
        r"\(\mu\), divided by \(\sqrt{\sigma^2 + \varepsilon}\), then scaled by \(\gamma\) and shifted by "
        r"\(\beta\) feature by feature, with \(\sigma^2\) the mean of the squared deviations over the \(d\) "
        "features. `x` is `(..., d)` (one token, or any number of leading axes), `gamma` and `beta` are `(d,)`, "
        "`eps` a positive number; the result has `x`'s shape and dtype."
    ),
    starter='''import numpy as np


def layer_norm(x, gamma, beta, eps):
    """Layer normalisation of every token's vector, then a learned scale and shift.

    x: tokens, shape (..., d): each vector along the last axis is normalised on its own.
    gamma: the scale, shape (d,).
    beta: the shift, shape (d,).
    eps: a small positive number added to the variance.
    Returns: shape (..., d), in x's dtype.
    """
    raise NotImplementedError
''',
    solution='''import numpy as np


def layer_norm(x, gamma, beta, eps):
    """Layer normalisation of every token's vector, then a learned scale and shift."""
    mean = x.mean(axis=-1, keepdims=True)  # (..., 1): one mean per token
    centred = x - mean
    variance = (centred**2).mean(axis=-1, keepdims=True)  # divided by d, not d - 1
    return gamma * centred / np.sqrt(variance + eps) + beta
''',
    reference=lambda x, gamma, beta, eps: layer_norm(x, gamma, beta, eps=eps),
    cases=_norm_cases,
    returns=(Returns("normalised", "(..., d)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Every statistic is per token, over the features: `axis=-1`, with `keepdims=True` so that the means "
            "line up with the rows they came from."
        ),
        (
            r"\(\sigma^2\) divides by \(d\): `np.var` does by default, or the mean of `(x - mean)**2`. "
            r"\(\varepsilon\) goes under the square root, and \(\gamma\), \(\beta\) come last."
        ),
    ),
    mistakes=(
        Mistake(
            id="over-the-tokens",
            title="Normalised across the tokens",
            explanation=(
                "Your means and variances run over the first axis, the tokens (or the batch), so each feature is "
                "normalised across the sequence. LayerNorm rescales each token's vector on its own, over its "
                f"features: `axis=-1`. See [normalising each token]({NORMS})."
            ),
            code="""import numpy as np


def layer_norm(x, gamma, beta, eps):
    mean = x.mean(axis=0, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=0, keepdims=True)
    return gamma * (x - mean) / np.sqrt(variance + eps) + beta
""",
        ),
        Mistake(
            id="sample-variance",
            title="Variance divided by d - 1",
            explanation=(
                r"Your variance divides by \(d - 1\) (`ddof=1`, the sample variance), so every normalised "
                r"value is a little too small. LayerNorm's \(\sigma^2\) is the mean of the squared deviations, "
                r"divided by \(d\): `np.var(x, axis=-1, keepdims=True)` with its default `ddof=0`. See "
                f"[normalising each token]({NORMS})."
            ),
            code="""import numpy as np


def layer_norm(x, gamma, beta, eps):
    mean = x.mean(axis=-1, keepdims=True)
    variance = x.var(axis=-1, ddof=1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(variance + eps) + beta
""",
        ),
        Mistake(
            id="eps-outside-root",
            title="eps added after the square root",
            explanation=(
                r"You divided by \(\sigma + \varepsilon\): the formula adds \(\varepsilon\) to the variance, "
                r"under the root, \(\sqrt{\sigma^2 + \varepsilon}\). The two differ little for a tiny "
                r"\(\varepsilon\) and a lot for a large one (or a near-constant token). See "
                f"[normalising each token]({NORMS})."
            ),
            code="""import numpy as np


def layer_norm(x, gamma, beta, eps):
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return gamma * (x - mean) / (np.sqrt(variance) + eps) + beta
""",
        ),
        Mistake(
            id="no-mean",
            title="The mean not subtracted",
            explanation=(
                "You divided each vector by its root mean square without subtracting its mean first: that is "
                r"RMSNorm's denominator, not LayerNorm's. LayerNorm centres, \(x - \mu\), and divides by the "
                f"standard deviation of what is left; see [normalising each token]({NORMS})."
            ),
            code="""import numpy as np


def layer_norm(x, gamma, beta, eps):
    return gamma * x / np.sqrt((x**2).mean(axis=-1, keepdims=True) + eps) + beta
""",
        ),
        Mistake(
            id="no-keepdims",
            title="Means that lost their axis",
            explanation=(
                "Your means and variances lost their last axis (`keepdims` is missing), so numpy lines the "
                "`(n,)` means up with the features, not the tokens: the shapes do not broadcast, or, with as many "
                "tokens as features, each feature gets another token's mean. Keep the axis, "
                f"`x.mean(axis=-1, keepdims=True)`; see [normalising each token]({NORMS})."
            ),
            code="""import numpy as np


def layer_norm(x, gamma, beta, eps):
    mean = x.mean(axis=-1)
    variance = x.var(axis=-1)
    return gamma * (x - mean) / np.sqrt(variance + eps) + beta
""",
        ),
        Mistake(
            id="no-scale-and-shift",
            title="No γ and β",
            explanation=(
                r"You normalised but left out the learned scale \(\gamma\) and shift \(\beta\); with "
                r"\(\gamma = 1\) and \(\beta = 0\), as at initialisation, nobody would notice, but a trained "
                r"model's are not. Finish with `gamma * normalised + beta`; see "
                f"[normalising each token]({NORMS})."
            ),
            code="""import numpy as np


def layer_norm(x, gamma, beta, eps):
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + eps)
""",
        ),
    ),
)


# ── The GELU feed-forward layer ────────────────────────────────────────────


def _ffn_args(
    seed: int, shape: tuple[int, ...], d_ff: int, *, biases: bool = True, scale: float = 1.0
) -> tuple[np.ndarray, ...]:
    """x (times ``scale``), w_1, b_1, w_2, b_2 with the lesson's scales; ``biases=False``: b_1 and b_2 zero."""
    rng = np.random.default_rng(seed)
    d = shape[-1]
    x = scale * rng.standard_normal(shape)
    w_1, w_2 = rng.normal(0, d**-0.5, (d, d_ff)), rng.normal(0, d_ff**-0.5, (d_ff, d))
    b_1 = rng.normal(0, 0.5, d_ff) if biases else np.zeros(d_ff)
    b_2 = rng.normal(0, 0.5, d) if biases else np.zeros(d)
    return x, w_1, b_1, w_2, b_2


def _ffn_cases() -> list[Case]:
    one_neuron = (
        np.array([[1.0, 2.0], [-1.0, 0.5], [0.0, 0.0]]),
        np.array([[1.0], [1.0]]),
        np.array([-1.5]),
        np.array([[0.0, 1.0]]),
        np.array([0.0, 0.0]),
    )
    return [
        Case("one neuron (d_ff = 1), 3 tokens, d = 2", one_neuron),
        Case("one token, d = 3, d_ff = 4, biases zero", _ffn_args(1, (1, 3), 4, biases=False)),
        Case("4 tokens, d = 4, d_ff = 16", _ffn_args(2, (4, 4), 16)),
        Case("large inputs, 3 tokens, d = 2, d_ff = 8", _ffn_args(3, (3, 2), 8, scale=3.0)),
        Case("random, 5 tokens, d = 8, d_ff = 32", _ffn_args(4, (5, 8), 32)),
        Case("random, a batch of 2 × 3 tokens, d = 6, d_ff = 24", _ffn_args(5, (2, 3, 6), 24)),
    ]


FEED_FORWARD = Exercise(
    id="gelu-feed-forward",
    lesson=LESSON,
    title="The GELU feed-forward layer",
    function="feed_forward",
    prompt=(
        r"Write `feed_forward(x, w_1, b_1, w_2, b_2)`: \(\operatorname{GELU}(x W_1 + b_1)\, W_2 + b_2\), with "
        r"the exact GELU, \(\operatorname{GELU}(z) = \frac{z}{2}\bigl(1 + \operatorname{erf}(z / \sqrt 2)\bigr)\) "
        "feature by feature (numpy has no `erf`: `math.erf` takes one number). `x` is `(..., d)`, `w_1` is "
        "`(d, d_ff)`, `b_1` `(d_ff,)`, `w_2` `(d_ff, d)`, `b_2` `(d,)`; the result has `x`'s shape. Return the "
        "layer's output only: the block adds it to the stream."
    ),
    starter='''import math

import numpy as np


def feed_forward(x, w_1, b_1, w_2, b_2):
    """The feed-forward layer of a GPT-2 or BERT block, on every token alone.

    x: tokens, shape (..., d).
    w_1, b_1: the neurons' input weights (d, d_ff) and biases (d_ff,).
    w_2, b_2: what the neurons write, (d_ff, d), and its bias (d,).
    Returns: shape (..., d).
    """
    raise NotImplementedError
''',
    solution='''import math

import numpy as np


def feed_forward(x, w_1, b_1, w_2, b_2):
    """The feed-forward layer of a GPT-2 or BERT block, on every token alone."""
    z = x @ w_1 + b_1  # (..., d_ff): what every neuron receives
    erf = np.vectorize(math.erf, otypes=[float])  # math.erf, number by number
    hidden = z / 2 * (1 + erf(z / math.sqrt(2)))  # the exact GELU
    return hidden @ w_2 + b_2  # (..., d): what the neurons write
''',
    reference=lambda x, w_1, b_1, w_2, b_2: linear(gelu(linear(x, w_1, b_1)), w_2, b_2),
    cases=_ffn_cases,
    returns=(Returns("output", "(..., d)"),),
    tolerance=Tolerance(rtol=1e-9, atol=1e-12),
    hints=(
        (
            "Three steps: every neuron's input `z = x @ w_1 + b_1`, the non-linearity on every entry of `z`, "
            "then `hidden @ w_2 + b_2`."
        ),
        (
            r"For the exact GELU, apply `math.erf` to every entry: `np.vectorize(math.erf)(z / math.sqrt(2))`, "
            r"then `z / 2 * (1 + that)`. Not the tanh formula: it is GPT-2's approximation, close but not equal."
        ),
    ),
    mistakes=(
        Mistake(
            id="tanh-approximation",
            title="GPT-2's tanh approximation of the GELU",
            explanation=(
                r"Your GELU is the tanh formula, \(\tfrac{z}{2}(1 + \tanh(\sqrt{2/\pi}(z + 0.044715 z^3)))\): "
                "GPT-2's fast approximation, off by up to about 5e-4. The exercise asks for the exact GELU, with "
                f"the error function; see [the feed-forward layer]({FFN})."
            ),
            code="""import math

import numpy as np


def feed_forward(x, w_1, b_1, w_2, b_2):
    z = x @ w_1 + b_1
    hidden = z / 2 * (1 + np.tanh(math.sqrt(2 / math.pi) * (z + 0.044715 * z**3)))
    return hidden @ w_2 + b_2
""",
        ),
        Mistake(
            id="relu",
            title="A ReLU instead of the GELU",
            explanation=(
                "Your non-linearity keeps the positive part and zeroes the rest: a ReLU, the original "
                r"transformer's and the lesson's hand-built neuron's. GPT-2 and BERT use the GELU, "
                r"\(z\,\Phi(z)\), smooth, and slightly negative for negative inputs; see "
                f"[the feed-forward layer]({FFN})."
            ),
            code="""import numpy as np


def feed_forward(x, w_1, b_1, w_2, b_2):
    return np.maximum(x @ w_1 + b_1, 0.0) @ w_2 + b_2
""",
        ),
        Mistake(
            id="bias-after-gelu",
            title="b_1 added after the non-linearity",
            explanation=(
                r"You added \(b_1\) after the GELU: the bias is each neuron's threshold and goes inside, "
                r"\(\operatorname{GELU}(x W_1 + b_1)\), so that it decides where the neuron starts to fire. See "
                f"[the feed-forward layer]({FFN})."
            ),
            code="""import math

import numpy as np


def feed_forward(x, w_1, b_1, w_2, b_2):
    z = x @ w_1
    hidden = z / 2 * (1 + np.vectorize(math.erf, otypes=[float])(z / math.sqrt(2))) + b_1
    return hidden @ w_2 + b_2
""",
        ),
        Mistake(
            id="residual-added",
            title="The residual added inside the layer",
            explanation=(
                "Your result is `x` plus the layer's output: that sum is the block's job "
                r"(\(Y = H + \operatorname{FFN}(\operatorname{Norm}(H))\)), not the layer's. Return the "
                f"update alone; see [the feed-forward layer]({FFN})."
            ),
            code="""import math

import numpy as np


def feed_forward(x, w_1, b_1, w_2, b_2):
    z = x @ w_1 + b_1
    hidden = z / 2 * (1 + np.vectorize(math.erf, otypes=[float])(z / math.sqrt(2)))
    return x + hidden @ w_2 + b_2
""",
        ),
    ),
)

EXERCISES = (LAYER_NORM, FEED_FORWARD)
