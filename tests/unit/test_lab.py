"""The visualizer lab's hand-built model (attention.lab.hand_built): tokens, features, and heads that do what their labels say.

References are independent of the package: positions and softmax recomputed
with ``math`` in loops (``reference.py``), and head behaviour checked against
what was worked out by hand for each sentence.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import dot, matmul, softmax_row

from attention.lab import hand_built as lab
from attention.lab.hand_built import embed, tokenize, visualizer_data

CAT = "The cat sat on the mat because it was tired"
RIVER = "We sat on the bank of the river and watched the water"
MONEY = "She paid the money into her account at the bank"


def _head(data: dict, label: str) -> dict:
    (head,) = [h for h in data["layers"][0]["heads"] if h["label"] == label]
    return head


def _weights(sentence: str, label: str, **settings_) -> np.ndarray:
    return np.array(_head(visualizer_data(sentence, **settings_), label)["weights"])


# ── Tokens and features ────────────────────────────────────────────────────


def test_tokenize_keeps_words_as_written_and_splits_off_punctuation() -> None:
    assert tokenize("The cat sat on the mat") == ["The", "cat", "sat", "on", "the", "mat"]
    assert tokenize("  It's 3 o'clock, isn't it?  ") == ["It's", "3", "o'clock", ",", "isn't", "it", "?"]
    assert tokenize("Café—naïve") == ["Café", "—", "naïve"]


@pytest.mark.parametrize(
    ("sentence", "error", "message"),
    [
        (42, TypeError, "sentence must be a string, got int"),
        (None, TypeError, "sentence must be a string, got NoneType"),
        ("", ValueError, "sentence must contain at least one word"),
        ("   \n ", ValueError, "sentence must contain at least one word"),
        (" ".join(["word"] * 25), ValueError, "sentence has 25 tokens; the lab model takes at most 24"),
    ],
)
def test_tokenize_rejects_bad_sentences(sentence, error, message) -> None:
    with pytest.raises(error, match=message):
        tokenize(sentence)
    with pytest.raises(error, match=message):
        visualizer_data(sentence)


def test_the_longest_sentence_is_accepted() -> None:
    data = visualizer_data(" ".join(["word"] * 24))
    assert len(data["tokens"]) == 24


def test_position_code_is_the_sinusoids() -> None:
    x = embed(["a"] * 7)
    for p in range(7):
        expected = []
        for w in (2.0, 1.3, 0.8, 0.2):  # FREQUENCIES, written out
            expected += [math.sin(w * p), math.cos(w * p)]
        assert x[p, 0:8] == pytest.approx(expected, abs=1e-12)


def test_the_previous_token_query_is_the_position_code_of_the_token_before() -> None:
    """W_Q of head 0 rotates each sinusoid back by one position: q(p) = 4 * code(p - 1), worked out with math."""
    layer = lab.hand_built_attention()
    x = embed(["a"] * 6)
    q = matmul(x, layer.w_q[:, 0:8])
    for p in range(6):
        expected = []
        for w in (2.0, 1.3, 0.8, 0.2):
            expected += [4 * math.sin(w * (p - 1)), 4 * math.cos(w * (p - 1))]
        assert q[p] == pytest.approx(expected, abs=1e-12)


def test_embed_refuses_what_is_not_a_token_list() -> None:
    with pytest.raises(TypeError, match="tokens must be a list of strings"):
        embed("the cat")
    with pytest.raises(ValueError, match="tokens must hold 1 to 24 tokens, got 0"):
        embed([])


def test_positions_are_told_apart_within_the_longest_sentence() -> None:
    """The design claim behind the previous-token head: a position code matches itself best, by far."""
    codes = embed(["a"] * lab.MAX_TOKENS)[:, 0:8]
    for p in range(lab.MAX_TOKENS):
        for r in range(lab.MAX_TOKENS):
            if p != r:
                assert dot(codes[p], codes[r]) < 1.7 < 4.0 == pytest.approx(dot(codes[p], codes[p]))


def test_identity_codes_are_unit_vectors_shared_by_equal_words_whatever_their_case() -> None:
    x = embed(["Bank", "bank", "BANK", "river"])
    for p in range(4):
        assert math.fsum(v * v for v in x[p, 8:16]) == pytest.approx(1.0)
    assert x[0, 8:16].tolist() == x[1, 8:16].tolist() == x[2, 8:16].tolist()
    assert dot(x[0, 8:16], x[3, 8:16]) < 0.9


def test_syntax_and_topic_features_come_from_the_vocabulary() -> None:
    x = embed(["cat", "chicken", "the", "zebrafish"])
    syntax = dict(zip(lab.SYNTAX, range(16, 24)))
    topics = dict(zip(lab.TOPICS, range(24, 32)))
    assert {name for name, i in syntax.items() if x[0, i]} == {"noun", "animate"}
    assert {name for name, i in topics.items() if x[0, i]} == {"animal"}
    assert x[0, topics["animal"]] == 1.0
    # Two topics (WordNet files chicken under noun.animal and noun.food): a unit vector with equal parts.
    assert x[1, topics["animal"]] == x[1, topics["food"]] == pytest.approx(1 / math.sqrt(2))
    assert {name for name, i in syntax.items() if x[2, i]} == {"determiner"}
    assert not x[2, 24:32].any()
    # Not in the vocabulary: position and identity only.
    assert not x[3, 16:32].any() and x[3, 8:16].any()


def test_token_notes_say_what_the_model_knows() -> None:
    data = visualizer_data("The zebrafish sat .")
    assert data["token_notes"] == [
        "determiner",
        "not in the vocabulary: position and identity only",
        "verb · contact (WordNet: sat → sit, verb.contact)",
        "punctuation: position and identity only",
    ]


# ── The computation, against loops ────────────────────────────────────────


def _naive_head(sentence: str, head: int, mask: str, scaling: bool, temperature: float) -> dict:
    """q, k, v by explicit products with the layer's weights, then the four steps with loops."""
    layer = lab.hand_built_attention()
    x = embed(tokenize(sentence))
    cols = slice(8 * head, 8 * head + 8)
    q, k, v = matmul(x, layer.w_q[:, cols]), matmul(x, layer.w_k[:, cols]), matmul(x, layer.w_v[:, cols])
    n = len(x)
    factor = (1 / math.sqrt(8) if scaling else 1.0) / temperature
    scores = [[dot(q[i], k[j]) for j in range(n)] for i in range(n)]
    weights = []
    for i in range(n):
        allowed = [mask == "none" or j <= i for j in range(n)]
        weights.append(softmax_row([s * factor for s in scores[i]], allowed))
    output = [[math.fsum(weights[i][j] * v[j][d] for j in range(n)) for d in range(8)] for i in range(n)]
    return {"q": q, "k": k, "v": v, "scores": scores, "weights": weights, "output": output, "factor": factor}


@pytest.mark.parametrize(
    ("mask", "scaling", "temperature"), [("none", True, 1.0), ("causal", True, 1.0), ("none", False, 1.0), ("causal", True, 0.5)]
)
def test_every_head_equals_the_loop_reference(mask: str, scaling: bool, temperature: float) -> None:
    data = visualizer_data(CAT, mask=mask, scaling=scaling, temperature=temperature)
    for h, head in enumerate(data["layers"][0]["heads"]):
        ref = _naive_head(CAT, h, mask, scaling, temperature)
        assert head["scale"] == pytest.approx(ref["factor"], abs=1e-6)
        assert np.array(head["q"]) == pytest.approx(ref["q"], abs=1e-4)
        assert np.array(head["k"]) == pytest.approx(ref["k"], abs=1e-4)
        assert np.array(head["v"]) == pytest.approx(ref["v"], abs=1e-4)
        assert np.array(head["scores"]) == pytest.approx(np.array(ref["scores"]), abs=1e-4)
        scaled = np.array(ref["scores"]) * ref["factor"]
        assert np.array(head["scaled_scores"]) == pytest.approx(scaled, abs=1e-4)
        assert np.array(head["weights"]) == pytest.approx(np.array(ref["weights"]), abs=1e-6)
        assert np.array(head["output"]) == pytest.approx(np.array(ref["output"]), abs=1e-4)


def test_default_settings_give_the_weights_of_the_multi_head_layer() -> None:
    """The lab's own steps and MultiHeadAttention agree: the data shows that layer, not a look-alike."""
    tokens = tokenize(CAT)
    for mask in ("none", "causal"):
        layer_mask = np.tril(np.ones((len(tokens), len(tokens)), dtype=bool)) if mask == "causal" else None
        _, layer_weights = lab.hand_built_attention()(embed(tokens), mask=layer_mask)
        data = visualizer_data(CAT, mask=mask)
        for h, head in enumerate(data["layers"][0]["heads"]):
            assert np.array(head["weights"]) == pytest.approx(layer_weights[h], abs=1e-6)


words = st.sampled_from(sorted(lab.VOCABULARY) + ["zebrafish", ",", "Bank"])


@settings(max_examples=25, deadline=None)
@given(st.lists(words, min_size=1, max_size=lab.MAX_TOKENS), st.sampled_from(["none", "causal"]), st.booleans())
def test_rows_sum_to_one_and_causal_zeroes_the_future_exactly(tokens, mask, scaling) -> None:
    data = visualizer_data(" ".join(tokens), mask=mask, scaling=scaling)
    n = len(data["tokens"])
    for head in data["layers"][0]["heads"]:
        for i, row in enumerate(head["weights"]):
            assert math.fsum(row) == pytest.approx(1.0, abs=n * 5e-7 + 1e-12)  # each weight has 6 decimals
            assert all(0.0 <= w <= 1.0 for w in row)
            if mask == "causal":
                assert all(row[j] == 0.0 for j in range(i + 1, n))


# ── Each head does what its label says ─────────────────────────────────────


def test_previous_token_head_puts_most_weight_on_the_token_before() -> None:
    w = _weights(CAT, "previous token")
    for i in range(1, len(w)):
        assert int(np.argmax(w[i])) == i - 1
        assert w[i, i - 1] > 0.85
    # Under the causal mask the first token can only look at itself.
    assert _weights(CAT, "previous token", mask="causal")[0].tolist() == [1.0] + [0.0] * 9


def test_same_word_head_links_the_occurrences_of_a_word() -> None:
    w = _weights("The cat sat on the mat", "same word")
    # Both "the"s (positions 0 and 4) split their weight between the two occurrences.
    for i in (0, 4):
        assert w[i, 0] == pytest.approx(w[i, 4]) and w[i, 0] > 0.4
    # Causal: the first "the" only has itself; the second still finds the first.
    causal = _weights("The cat sat on the mat", "same word", mask="causal")
    assert causal[0, 0] == 1.0 and causal[4, 0] > 0.4
    # A word that occurs once keeps most of its weight on itself.
    for i in (1, 3, 5):
        assert int(np.argmax(w[i])) == i


def test_pronoun_verb_head_sends_it_and_sat_to_the_cat() -> None:
    tokens = tokenize(CAT)
    w = _weights(CAT, "pronoun/verb → noun")
    for asker in ("it", "sat", "was"):
        row = w[tokens.index(asker)]
        # Nouns only (cat 1, mat 5), the animate one first.
        assert row[1] > row[5] > 0.2 and row[1] + row[5] > 0.99
    # Tokens that are neither pronouns nor verbs ask for nothing: exactly even weights.
    for other in ("The", "on", "because", "tired"):
        assert w[tokens.index(other)] == pytest.approx([0.1] * 10, abs=1e-6)


def test_one_hand_built_layer_cannot_use_tired_or_soft() -> None:
    """An honest limit, shown in the lab: 'it' gets the same pattern whatever the last word says."""
    tired = _weights(CAT, "pronoun/verb → noun")[7]
    soft = _weights("The cat sat on the mat because it was soft", "pronoun/verb → noun")[7]
    assert tired.tolist() == soft.tolist()


def test_related_topic_head_depends_on_the_other_words() -> None:
    """'bank' has the same query in both sentences; the keys around it decide where its weight goes."""
    river = _head(visualizer_data(RIVER), "related topic")
    money = _head(visualizer_data(MONEY), "related topic")
    r_tokens, m_tokens = tokenize(RIVER), tokenize(MONEY)
    r_bank, m_bank = r_tokens.index("bank"), m_tokens.index("bank")
    assert river["q"][r_bank] == money["q"][m_bank]

    def top_other(head: dict, tokens: list[str], i: int) -> set[str]:
        row = head["weights"][i]
        best = max(w for j, w in enumerate(row) if j != i)
        return {tokens[j] for j, w in enumerate(row) if j != i and w == best}

    assert top_other(river, r_tokens, r_bank) == {"river", "water"}
    # In the other sentence no word shares its topic (WordNet files the bank that holds money under
    # noun.group, not one of the model's topics): its weight stays on itself, the rest spread evenly.
    row = money["weights"][m_bank]
    assert max(range(len(row)), key=row.__getitem__) == m_bank and row[m_bank] > 0.7
    assert top_other(money, m_tokens, m_bank) == set(m_tokens) - {"bank"}
    # Its output, the weighted average of the topic values, is the same 'object' in both, but diluted by
    # the evenly spread weight in one sentence and not the other.
    names = river["v_names"]
    obj = names.index("object")
    assert river["output"][r_bank][obj] > money["output"][m_bank][obj] > 0.7


# ── Scaling and temperature ───────────────────────────────────────────────


def test_turning_scaling_off_multiplies_the_scaled_scores_by_root_d_k_and_sharpens() -> None:
    on = _head(visualizer_data(CAT), "previous token")
    off = _head(visualizer_data(CAT, scaling=False), "previous token")
    assert on["scores"] == off["scores"]
    assert np.array(off["scaled_scores"]) == pytest.approx(np.array(on["scaled_scores"]) * math.sqrt(8), abs=1e-3)
    assert off["stats"]["entropy"] < on["stats"]["entropy"]
    for i in range(1, 10):
        assert off["weights"][i][i - 1] > on["weights"][i][i - 1]


def test_temperature_divides_the_scores() -> None:
    base = _head(visualizer_data(CAT), "related topic")
    hot = _head(visualizer_data(CAT, temperature=4.0), "related topic")
    assert np.array(hot["scaled_scores"]) == pytest.approx(np.array(base["scaled_scores"]) / 4, abs=1e-4)
    assert hot["stats"]["entropy"] > base["stats"]["entropy"]


@pytest.mark.parametrize(
    ("settings_", "error", "message"),
    [
        ({"mask": "future"}, ValueError, "mask must be one of none, causal, got 'future'"),
        ({"mask": None}, ValueError, "mask must be one of none, causal, got None"),
        ({"scaling": "yes"}, TypeError, "scaling must be True or False, got str"),
        ({"temperature": 0}, ValueError, "temperature must be a positive finite number, got 0"),
        ({"temperature": -1.0}, ValueError, "temperature must be a positive finite number"),
        ({"temperature": float("nan")}, ValueError, "temperature must be a positive finite number"),
        ({"temperature": "1"}, TypeError, "temperature must be a positive number, got str"),
    ],
)
def test_bad_settings_are_refused(settings_, error, message) -> None:
    with pytest.raises(error, match=message):
        visualizer_data(CAT, **settings_)


def test_json_is_the_data() -> None:
    import json

    assert json.loads(lab.visualizer_json(CAT, mask="causal")) == visualizer_data(CAT, mask="causal")


SURROGATE = "sentence holds a lone surrogate, U+D800, at position 0: half of a UTF-16 pair, not a character"


@pytest.mark.parametrize("sentence", ["\ud800 cat", "a \udfff b"])
def test_a_lone_surrogate_is_refused_saying_what_it_is(sentence: str) -> None:
    """Half a UTF-16 pair (say, from a cut-and-paste) cannot be written as UTF-8: refused by name, not a UnicodeEncodeError."""
    expected = SURROGATE if sentence.startswith("\ud800") else SURROGATE.replace("D800", "DFFF").replace("0:", "2:")
    with pytest.raises(ValueError, match="^" + re.escape(expected)):
        visualizer_data(sentence)
    with pytest.raises(ValueError, match="^" + re.escape(expected)):
        lab.visualizer_json(sentence)
    assert visualizer_data("a \U0001f600 b")["tokens"] == ["a", "\U0001f600", "b"]  # a whole pair is a character


def test_the_minilm_view_refuses_a_lone_surrogate_before_running_the_model() -> None:
    """Checked first: no model (or weights) needed to refuse it."""
    from attention.lab.minilm import minilm_view

    with pytest.raises(ValueError, match="^" + re.escape(SURROGATE)):
        minilm_view(None, "\ud800 cat")  # type: ignore[arg-type]
