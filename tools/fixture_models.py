"""The models behind test/data's fixtures, with their example inputs.

tools/export_fixtures.py exports each one; this file only builds them.
Every fixture is a function registered with @fixture that returns a
Fixture: the module, its example arguments, torch.export dynamic shapes
(or None) and, for dynamic models, a second sample to run the same library
on. The random number generators are seeded before each function runs, and
the module is built before its inputs are drawn: changing that order (or
the models) changes every weight and input of the committed archives.

The small models are written here with plain torch ops, so their graphs
hold exactly the ops the tests expect; the others come from torchvision,
timm and transformers at tiny sizes, with random weights (no download).
Needs torch; the library models import their package only when built.
"""
from typing import Callable, NamedTuple, Optional

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class Fixture(NamedTuple):
    module: nn.Module
    args: tuple
    dynamic_shapes: Optional[dict] = None
    second_args: Optional[tuple] = None  # another sample for a dynamic model


FIXTURES: "dict[str, Callable[[], Fixture]]" = {}


def fixture(name):
    """Registers a fixture factory; the factories run with fresh seeds (0)."""
    def register(factory):
        def seeded():
            torch.manual_seed(0)
            np.random.seed(0)
            return factory()
        FIXTURES[name] = seeded
        return factory
    return register


def randomize_norms(module):
    """Gives every batch norm random statistics and every batch, layer and
    group norm a random affine transform (from a generator seeded 1), so
    that folding or skipping one shows in the outputs: fresh modules hold
    mean 0, variance 1, weight 1 and bias 0, which hide such mistakes."""
    generator = torch.Generator().manual_seed(1)

    def draw(tensor, scale, shift):
        tensor.copy_(torch.rand(tensor.shape, generator=generator) * scale + shift)

    norms = (nn.modules.batchnorm._BatchNorm, nn.LayerNorm, nn.GroupNorm)
    with torch.no_grad():
        for sub in module.modules():
            is_batch_norm = isinstance(sub, nn.modules.batchnorm._BatchNorm)
            if is_batch_norm and sub.running_mean is not None:
                draw(sub.running_mean, 1.0, -0.5)  # in [-0.5, 0.5)
                draw(sub.running_var, 1.0, 0.5)    # in [0.5, 1.5)
            if isinstance(sub, norms):
                if getattr(sub, "weight", None) is not None:
                    draw(sub.weight, 1.0, 0.5)     # in [0.5, 1.5)
                if getattr(sub, "bias", None) is not None:
                    draw(sub.bias, 0.2, -0.1)      # in [-0.1, 0.1)
    return module


# ---------------------------------------------------------------- plain torch
class MLP(nn.Module):
    """linear, layer_norm, gelu, linear, softmax."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(64, 128)
        self.ln = nn.LayerNorm(128)
        self.fc2 = nn.Linear(128, 10)

    def forward(self, x):
        return torch.softmax(self.fc2(F.gelu(self.ln(self.fc1(x)))), dim=-1)


class ConvNet(nn.Module):
    """Two convolutions with batch norm and ReLU, pooling, a classifier."""

    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 16, 3, padding=1)
        self.b1 = nn.BatchNorm2d(16)
        self.c2 = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.b2 = nn.BatchNorm2d(32)
        self.fc = nn.Linear(32, 10)

    def forward(self, x):
        x = F.relu(self.b1(self.c1(x)))
        x = F.max_pool2d(x, 2)
        x = F.relu(self.b2(self.c2(x)))
        x = F.adaptive_avg_pool2d(x, 1).flatten(1)
        return self.fc(x)


class AttentionBlock(nn.Module):
    """A pre-norm causal transformer block: fused qkv, split into heads,
    scaled_dot_product_attention, an MLP, two residuals."""

    def __init__(self, width=64, heads=4):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(width)
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)
        self.ln2 = nn.LayerNorm(width)
        self.fc1 = nn.Linear(width, 4 * width)
        self.fc2 = nn.Linear(4 * width, width)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(C, dim=-1)
        q = q.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        k = k.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        v = v.view(B, T, self.heads, C // self.heads).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        y = y.transpose(1, 2).reshape(B, T, C)
        x = x + self.proj(y)
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class TinyUNet(nn.Module):
    """Down, up (transposed convolution and bilinear upsampling), skip
    connection by concatenation; group norm, SiLU, leaky ReLU, sigmoid."""

    def __init__(self):
        super().__init__()
        self.d1 = nn.Conv2d(3, 8, 3, padding=1)
        self.gn = nn.GroupNorm(4, 8)
        self.d2 = nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.up = nn.ConvTranspose2d(16, 8, 2, stride=2)
        self.o = nn.Conv2d(16, 2, 1)

    def forward(self, x):
        a = F.silu(self.gn(self.d1(x)))
        b = F.leaky_relu(self.d2(a), 0.1)
        u = self.up(b)
        u2 = F.interpolate(b, scale_factor=2.0, mode="bilinear", align_corners=False)
        y = self.o(torch.cat([a + u, u2[:, :8]], dim=1))
        return torch.sigmoid(y)


class PlainOutputs(nn.Module):
    """A Hugging Face model that returns the named fields of its output as
    plain tensors (one tensor, or a tuple), which torch.export flattens."""

    def __init__(self, model, fields):
        super().__init__()
        self.m = model
        self.fields = fields

    def forward(self, input_ids, attention_mask=None):
        if attention_mask is None:
            o = self.m(input_ids=input_ids)
        else:
            o = self.m(input_ids=input_ids, attention_mask=attention_mask)
        values = tuple(getattr(o, field) for field in self.fields)
        return values[0] if len(values) == 1 else values


def token_ids(batch, length, vocab=1024):
    return torch.randint(0, vocab, (batch, length), dtype=torch.int64)


def padding_mask(batch, length):
    """All ones, except the second half of the second sequence (padding)."""
    mask = torch.ones(batch, length, dtype=torch.int64)
    if batch > 1:
        mask[1, length // 2:] = 0
    return mask


@fixture("mlp")
def mlp():
    return Fixture(MLP(), (torch.randn(4, 64),))


@fixture("mlp_dynamic")
def mlp_dynamic():
    from torch.export import Dim
    module = MLP()
    args = (torch.randn(3, 64),)
    return Fixture(module, args, {"x": {0: Dim("batch", min=1, max=1024)}},
                   (torch.randn(5, 64),))


@fixture("convnet")
def convnet():
    return Fixture(ConvNet(), (torch.randn(2, 3, 32, 32),))


@fixture("attention_block")
def attention_block():
    return Fixture(AttentionBlock(), (torch.randn(2, 16, 64),))


@fixture("tiny_unet")
def tiny_unet():
    return Fixture(TinyUNet(), (torch.randn(1, 3, 32, 32),))


# ------------------------------------------------------ library models, tiny
@fixture("squeezenet1_1")
def squeezenet1_1():
    import torchvision
    return Fixture(torchvision.models.squeezenet1_1(weights=None), (torch.randn(1, 3, 96, 96),))


@fixture("mobilenet_v3_small")
def mobilenet_v3_small():
    import torchvision
    return Fixture(torchvision.models.mobilenet_v3_small(weights=None),
                   (torch.randn(2, 3, 96, 96),))


@fixture("vit_tiny")
def vit_tiny():
    from timm.models.vision_transformer import VisionTransformer
    module = VisionTransformer(img_size=32, patch_size=8, embed_dim=64, depth=2, num_heads=2,
                               num_classes=10)
    return Fixture(module, (torch.randn(2, 3, 32, 32),))


@fixture("bert_tiny")
def bert_tiny():
    from transformers import BertConfig, BertModel
    config = BertConfig(vocab_size=1024, hidden_size=128, num_hidden_layers=2,
                        num_attention_heads=2, intermediate_size=512,
                        max_position_embeddings=256)
    module = PlainOutputs(BertModel(config), ["last_hidden_state", "pooler_output"])
    return Fixture(module, (token_ids(2, 16), padding_mask(2, 16)))


@fixture("gpt2_tiny")
def gpt2_tiny():
    from transformers import GPT2Config, GPT2LMHeadModel
    config = GPT2Config(vocab_size=1024, n_positions=128, n_embd=128, n_layer=2, n_head=2,
                        use_cache=False)
    return Fixture(PlainOutputs(GPT2LMHeadModel(config), ["logits"]), (token_ids(2, 16),))


@fixture("llama_tiny")
def llama_tiny():
    from transformers import LlamaConfig, LlamaForCausalLM
    config = LlamaConfig(vocab_size=1024, hidden_size=128, intermediate_size=256,
                         num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                         max_position_embeddings=256, use_cache=False)
    return Fixture(PlainOutputs(LlamaForCausalLM(config), ["logits"]), (token_ids(2, 16),))
