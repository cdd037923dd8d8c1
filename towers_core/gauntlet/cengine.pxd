# The JSON -> C State loader of cengine.pyx, shared with the AI (ai/planner.pyx) so there is one copy.
from towers_core.gauntlet.state cimport State

cdef void _load(State* s, dict pos) except *
