"""``auditor roofline``: the decode roofline as an SVG with axes, units, a legend, the OOM wall and the knee.

Expected walls and knees are the derivation's arithmetic on the bundled
configs and spec sheet (Llama-3.1-8B: 8,030,261,248 parameters, 131,072 B of
bf16 KV per token; H100 SXM: 80 GB, 3.35 TB/s, 989.4 TFLOP/s; the catalogue's
u = 0.9, MBU 0.7, MFU 0.5), written out here.
"""

from __future__ import annotations

import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import require_browser

SVG = "{http://www.w3.org/2000/svg}"
REPO = Path(__file__).resolve().parent.parent
PARAMS_8B, KV_8B = 8_030_261_248, 131_072


def _texts(path: Path) -> list[str]:
    return ["".join(node.itertext()) for node in ET.parse(path).getroot().iter(f"{SVG}text")]


def test_the_svg_has_curves_axes_units_legend_wall_and_knee(run_cli, tmp_path):
    out = tmp_path / "roofline.svg"
    code, stdout, _ = run_cli("roofline", "meta-llama/Llama-3.1-8B", "--gpu", "h100_sxm", "--seq", "256", "-o", out)
    assert code == 0 and "wrote" in stdout
    root = ET.parse(out).getroot()
    assert len(list(root.iter(f"{SVG}polyline"))) == 2
    texts = _texts(out)
    weights = 2 * PARAMS_8B
    wall = math.floor((0.9 * 80e9 - weights) / (256 * KV_8B))
    knee = (weights / (3.35e12 * 0.7)) / (2 * PARAMS_8B / (989.4e12 * 0.5) - 256 * KV_8B / (3.35e12 * 0.7))
    assert f"OOM wall: max_batch = {wall:,}" in texts
    assert f"compute knee B* = {knee:,.0f}" in texts
    assert "batch (live sequences) (log)" in texts  # 1 to 2,000 sequences: three decades
    assert any(t.startswith("ms per step") for t in texts) and any(t.startswith("tokens/s") for t in texts)
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    entries = ["".join(t.itertext()) for t in legend.iter(f"{SVG}text")]
    assert any("t_step" in e for e in entries) and any("decode_throughput" in e for e in entries)
    assert any("OOM wall" in e for e in entries) and any("compute knee" in e for e in entries)
    assert not list(tmp_path.glob(".roofline.svg.*")), "no temporary file is left beside the output"


def test_tensor_parallel_plots_one_rank(run_cli, tmp_path):
    out = tmp_path / "tp8.svg"
    code, _, _ = run_cli("roofline", "meta-llama/Llama-3.1-70B", "--gpu", "h100_sxm", "--seq", "8192", "--tp", "8", "-o", out)
    assert code == 0
    params = 70_553_706_496  # Llama-3.1-70B as the geometry counts it
    kv_per_rank = 80 * 2 * 1 * 128 * 2  # 8 KV heads over 8 ranks: one head per rank
    wall = math.floor((0.9 * 80e9 - 2 * params / 8) / (8192 * kv_per_rank))
    texts = _texts(out)
    assert f"OOM wall: max_batch = {wall:,}" in texts
    assert any("tp 8 (one rank)" in "".join(t.itertext()) for t in ET.parse(out).getroot().iter(f"{SVG}title"))


def test_no_knee_in_reach_is_said_in_the_legend(run_cli, tmp_path):
    out = tmp_path / "long.svg"
    assert run_cli("roofline", "meta-llama/Llama-3.1-8B", "--gpu", "h100_sxm", "--seq", "32768", "-o", out)[0] == 0
    assert any(t.startswith("no compute knee") for t in _texts(out))


@pytest.mark.parametrize("args, message", [
    (["-o", "plot.png"], "give an .svg file"),
    (["-o", "no/such/folder/plot.svg"], "give an .svg file"),
    (["--gpu", "tpu_v9", "-o", "plot.svg"], "unknown GPU 'tpu_v9'"),
    (["--tp", "0", "-o", "plot.svg"], "positive whole numbers"),
])
def test_bad_arguments_are_one_line(run_cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    base = ["roofline", "meta-llama/Llama-3.1-8B"] + ([] if "--gpu" in args else ["--gpu", "h100_sxm"])
    code, _, err = run_cli(*base, *args)
    assert code == 2 and message in err and "Traceback" not in err


def test_weights_that_do_not_fit_are_refused(run_cli, tmp_path):
    code, _, err = run_cli("roofline", "deepseek-ai/DeepSeek-V3", "--gpu", "h100_sxm", "--tp", "8", "-o", tmp_path / "x.svg")
    assert code == 2 and "no room for one sequence" in err
    assert not (tmp_path / "x.svg").exists()


def test_the_roofline_displays_in_headless_chromium():
    require_browser()
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "render_roofline.py")], capture_output=True, text=True, timeout=600, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert "curves, axes, legend, wall and knee in the parsed DOM" in done.stdout
