"""The PyBullet Jenga tower: model, stepping, collapse verdicts, risk maps. Nothing here imports pygame."""

from .spec import BlockError, SimError, SpecError, TowerSpec, load_spec
from .tower import BlockAddress, Tower
from .verdict import Probe, Verdict

__all__ = ["BlockAddress", "BlockError", "Probe", "SimError", "SpecError", "Tower", "TowerSpec", "Verdict",
           "load_spec", "risk_map"]


def risk_map(spec, state_or_tower, samples=8, seed=0, workers=None, **kwargs):
    """For every removable block, the probability that extracting it topples the tower (see sim.riskmap)."""
    from .riskmap import risk_map as _risk_map
    return _risk_map(spec, state_or_tower, samples=samples, seed=seed, workers=workers, **kwargs)
