"""inference-auditor: recompute published LLM-inference numbers and explain the wrong ones."""

__version__ = "0.1.0"
