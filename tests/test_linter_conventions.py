"""The conventions of linters: --version, -m, -o, -q, --exit-zero, --select/--ignore, --statistics, colour, stdin, completion."""

import argparse
import io
import subprocess
import sys
from pathlib import Path

import pytest

from auditor import __version__
from test_cli import CLAIM, write_claim

AUDITOR = Path(sys.executable).with_name("auditor")


@pytest.fixture
def wrong(project, monkeypatch):
    write_claim(project, "512 KiB/token")
    monkeypatch.chdir(project)
    return project


def test_version(run_cli, capsys):
    with pytest.raises(SystemExit) as done:
        run_cli("--version")
    assert done.value.code == 0 and capsys.readouterr().out == f"auditor {__version__}\n"


def test_python_dash_m_is_the_same_command():
    done = subprocess.run([sys.executable, "-m", "auditor", "--version"], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, f"auditor {__version__}\n")


def test_output_file_replaces_standard_output(wrong, run_cli):
    code, out, _ = run_cli("check", "-o", "report.txt")
    assert (code, out) == (1, "")
    assert (wrong / "report.txt").read_text().startswith("claims/one.yaml:3: [mismatch]")
    assert [p.name for p in wrong.iterdir() if p.name.startswith(".")] == []


def test_quiet_prints_failures_only_and_no_summary(wrong, run_cli):
    code, out, _ = run_cli("check", "-q")
    assert code == 1 and out.splitlines()[0].startswith("claims/one.yaml:3: [mismatch]") and "claims:" not in out
    write_claim(wrong, "128 KiB/token")
    assert run_cli("check", "-q")[:2] == (0, "")


def test_exit_zero_keeps_failures_quiet_for_the_status_but_not_input_errors(wrong, run_cli):
    assert run_cli("check", "--exit-zero")[0] == 0
    (wrong / "claims" / "bad.yaml").write_text("claims: [unclosed\n")
    assert run_cli("check", "--exit-zero")[0] == 2


def test_select_and_ignore_choose_verdicts_for_the_report_and_the_status(wrong, run_cli):
    code, out, _ = run_cli("check", "--select", "holds,stale")
    assert code == 0 and out.strip() == "0 claims: none; all claims pass"
    code, out, _ = run_cli("check", "--ignore", "mismatch")
    assert code == 0
    assert run_cli("check", "--select", "mismatch")[0] == 1


def test_an_unknown_verdict_is_a_usage_error(wrong, run_cli, capsys):
    with pytest.raises(SystemExit) as done:
        run_cli("check", "--select", "mismatches")
    assert done.value.code == 2 and "unknown verdict 'mismatches'" in capsys.readouterr().err


def test_statistics_count_the_verdicts(project, monkeypatch, run_cli):
    (project / "claims" / "two.yaml").write_text(CLAIM.format(stated="512 KiB/token") + CLAIM.format(stated="128 KiB/token").split("claims:\n")[1].replace("llama3-8b-kv", "llama3-8b-kv-right"))
    monkeypatch.chdir(project)
    code, out, _ = run_cli("check", "--statistics")
    assert code == 1
    assert out.splitlines() == ["1  holds", "1  mismatch           1 failing", "2 claims"]


@pytest.mark.parametrize("flag, coloured", [("always", True), ("never", False), ("auto", False)])
def test_colour_is_asked_for_or_follows_the_terminal(wrong, run_cli, flag, coloured):
    _, out, _ = run_cli("check", "--color", flag)
    assert ("\033[31mmismatch\033[0m" in out) is coloured


def test_no_color_turns_auto_colour_off_even_on_a_terminal(monkeypatch):
    from auditor.commands.options import use_color

    monkeypatch.setattr(sys, "stdout", type("Tty", (io.StringIO,), {"isatty": lambda self: True})())
    assert use_color("auto", None) is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert use_color("auto", None) is False and use_color("always", None) is True


def test_a_dash_reads_claims_from_standard_input(project, monkeypatch, run_cli):
    monkeypatch.chdir(project)
    monkeypatch.setattr(sys, "stdin", io.StringIO(CLAIM.format(stated="512 KiB/token")))
    code, out, _ = run_cli("check", "-")
    assert code == 1 and out.startswith("<stdin>:3: [mismatch]")


def test_bash_completion_comes_from_shtab_and_completes_subcommands_and_choices(tmp_path):
    script = tmp_path / "auditor.bash"
    script.write_text(subprocess.run([str(AUDITOR), "--print-completion", "bash"], capture_output=True, text=True, check=True, timeout=120).stdout)
    probe = f'source {script}; COMP_WORDS=(auditor ch); COMP_CWORD=1; _shtab_auditor; echo "${{COMPREPLY[@]}}"; ' \
            f'COMP_WORDS=(auditor check --format ""); COMP_CWORD=3; _shtab_auditor; echo "${{COMPREPLY[@]}}"'
    lines = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=60).stdout.splitlines()
    assert lines[0] == "check"
    assert set(lines[1].split()) >= {"human", "json", "sarif", "junit", "github", "markdown", "html"}


def test_every_argument_of_every_command_says_what_it_is():
    from auditor.cli import build_parser

    def parsers(parser):
        yield parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for child in action.choices.values():
                    yield from parsers(child)

    silent = [(p.prog, a.dest) for p in parsers(build_parser()) for a in p._actions
              if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction)) and not a.help]
    assert silent == []
