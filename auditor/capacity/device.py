"""Settings the engine chooses by the GPU it finds: bound from the request's --gpu, or left missing with why.

The choice needs the device's reported memory and its name; without a
``--gpu`` no tier can be picked, so the setting stays unbound and the
figures that need it say so (an abstention, never a guess at the device).
"""

from __future__ import annotations

from auditor.base.errors import InputError, UnderdeterminedError

from .request import COMMAND_LINE
from .setup import Setup, evaluate


def device_defaults(setup: Setup, engine, usage_context: str | None, project) -> None:
    """Bind each of the engine's device defaults the request did not give (see the module docstring)."""
    for key, rule in engine.device_defaults.items():
        context = usage_context or rule.context_default
        if context not in rule.contexts:
            raise InputError(COMMAND_LINE, f"{rule.context_flag or 'usage context'} {context!r} is not an entry point {engine.name} "
                                           f"has a default for (known: {', '.join(rule.contexts)})")
        if key in setup.given:
            continue
        flag = f"--{key.replace('_', '-')}"
        if "gpu" not in setup.given:
            setup.notes.append(f"{key}: {engine.name} picks it by the GPU ({rule.summary(context)}, {context}); give --gpu or {flag}")
            continue
        try:
            memory = evaluate(setup, project, "gpu_memory_reported")
        except UnderdeterminedError:
            setup.notes.append(f"{key}: the driver's total for {setup.given['gpu']} is not recorded, so {engine.name}'s default cannot be chosen; give {flag}")
            continue
        name = str(project.inputs.gpus.get(str(setup.given["gpu"]), {}).get("name", setup.given["gpu"]))
        tier = rule.tier_for(memory, name)
        setup.add(key, tier.values[context], f"{engine.name} default for {context} on {name} ({tier.label}): {rule.source}")
        setup.notes.append(f"{key} = {tier.values[context]} is {engine.name}'s default for {context} on {name}, not a logged value; override with {flag}")
