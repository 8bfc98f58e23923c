# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Why scale by √d_k: the experiment as plots
#
# ![The shapes of scaled dot-product attention: Q times K transposed, softmax by rows, times V](../images/diagrams/attention-shapes-light.svg#only-light) ![The shapes of scaled dot-product attention: Q times K transposed, softmax by rows, times V](../images/diagrams/attention-shapes-dark.svg#only-dark)
#
# The lesson [Scaled dot-product attention](../lessons/scaled-dot-product-attention.md)
# argues with a few printed numbers that dividing the scores by \(\sqrt{d_k}\)
# keeps attention trainable. This notebook runs the same three measurements over
# a wide range of head widths \(d_k\) and plots them:
#
# 1. the variance of a dot product \(q \cdot k\) of random vectors, with and without scaling;
# 2. how peaked the attention weights become (the largest weight of a row);
# 3. how much gradient flows back through the softmax (the largest entry of its Jacobian
#    \(J = \operatorname{diag}(a) - aa^\top\)).
#
# Queries and keys have independent standard-normal components, as in a freshly
# initialised model. Every number comes from the course's `attention` package.

# %%
import matplotlib.pyplot as plt
import numpy as np

from attention import softmax
from figure_schemes import show  # beside this notebook: figures in light and dark

rng = np.random.default_rng(0)
widths = 2 ** np.arange(1, 12)  # d_k = 2 ... 2048
n_keys, n_queries = 16, 300

# Colour-blind-safe pair (Okabe-Ito blue and vermillion), also told apart by marker.
UNSCALED = dict(color="#D55E00", marker="o", label="unscaled  $q\\cdot k$")
SCALED = dict(color="#0072B2", marker="s", label="scaled  $q\\cdot k/\\sqrt{d_k}$")


def softmax_jacobian(a):
    """Jacobian of the softmax at weights a: diag(a) - a a^T."""
    return np.diag(a) - np.outer(a, a)


def measure(d_k):
    """Score variance, mean largest weight and mean largest Jacobian entry at width d_k."""
    q = rng.standard_normal((n_queries, d_k))
    k = rng.standard_normal((n_queries, n_keys, d_k))
    raw = np.einsum("nd,nkd->nk", q, k)  # one row of 16 scores per query
    result = {}
    for name, scores in [("unscaled", raw), ("scaled", raw / np.sqrt(d_k))]:
        weights = softmax(scores)
        result[name] = (
            scores.var(),
            weights.max(axis=-1).mean(),
            np.mean([np.abs(softmax_jacobian(a)).max() for a in weights]),
        )
    return result


results = [measure(d) for d in widths]

# %% [markdown]
# ## The measurements
#
# With \(n_k = 16\) keys, a uniform row would give every key \(1/16 = 0.0625\),
# and a one-hot row gives the top key \(1\). The largest Jacobian entry of a
# softmax is at most \(1/4\) (reached by two keys sharing the weight), and
# falls to \(0\) as the row becomes one-hot.

# %%
print("         score variance   largest weight   largest |J|")
print(" d_k      raw   scaled      raw   scaled     raw   scaled")
for d, r in zip(widths, results):
    (vu, wu, ju), (vs, ws, js) = r["unscaled"], r["scaled"]
    print(f"{d:4d}  {vu:7.1f}  {vs:7.2f}    {wu:5.3f}    {ws:5.3f}  {ju:6.4f}   {js:6.4f}")

# %%
titles = ["Variance of the scores", "Largest weight in a row", "Largest Jacobian entry (gradient size)"]
fig, axes = plt.subplots(3, 1, figsize=(7, 9), layout="constrained")
for i, (ax, title) in enumerate(zip(axes, titles)):
    for name, style in [("unscaled", UNSCALED), ("scaled", SCALED)]:
        ax.plot(widths, [r[name][i] for r in results], **style)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("$d_k$")
    ax.set_title(title)
    ax.grid(alpha=0.3)
axes[0].set_yscale("log", base=2)
axes[1].axhline(1 / n_keys, color="grey", linestyle=":", label="uniform, $1/16$")
axes[1].set_ylim(0, 1.05)
axes[0].legend()
axes[1].legend()
show(
    fig,
    "Three line charts against d_k from 2 to 2048 on a log scale, "
    "unscaled scores in orange with circles, scaled in blue with "
    "squares. Variance: unscaled it grows in proportion to d_k, "
    "scaled it stays at 1. Largest weight in a row: unscaled it "
    "climbs towards 1, scaled it stays level, above the uniform "
    "1/16. Largest Jacobian entry (the gradient): unscaled it falls "
    "towards 0, scaled it stays level.",
)

# %% [markdown]
# ## What the plots show
#
# Each panel shows a measurement against the head width \(d_k\) (log scale), in
# orange with circles for raw scores and in blue with squares for scaled ones.
#
# - **Variance.** Unscaled, the variance of \(q \cdot k\) equals \(d_k\) (a straight line of
#   slope 1 on log–log axes); scaled, it stays at \(1\) for every width.
# - **Peakedness.** Unscaled, the largest weight climbs towards \(1\): the softmax turns into
#   an argmax and each query effectively reads a single key. Scaled, the typical row keeps the
#   same moderate spread at every width.
# - **Gradient.** Unscaled, the Jacobian's largest entry falls as \(d_k\) grows, so the scores
#   get less and less gradient; scaled, it stays put. That is why the transformer divides by
#   \(\sqrt{d_k}\): a wide head learns as easily as a narrow one.
