# A separate reading of the same-core quiet time of ShimLogTest's version 3 recording (run from the repository root):
# python3 docs/notes/handoff-samecore-indep.py  ->  drops 29 won 10 / forever 11 won 5 / finite 18 sum 39180934
import sys
sys.path.insert(0, 'tools/handoffs')
import shimcalls
P = 'src/test/resources/gilsim/handoff/lat2-cpu-3.12.1'
_, calls = shimcalls.read(P + '.txt')
import json
names = {v: k for k, v in json.load(open(P + '.json'))['threads'].items()}
cpu = {(names.get(tid), t): rc for t, tid, kind, obj, rc in calls if kind == shimcalls.TIMED_WAIT}
def at_drop(t, requester, others, last_wait, in_wait, woken):
    if requester not in in_wait:
        return None
    sleeping = [o for o in others if o in in_wait]
    rc = cpu[(requester, last_wait[requester])]
    same = [last_wait[o] for o in sleeping if cpu[(o, last_wait[o])] == rc]
    q = t - max(same) if same else (None if not sleeping else 'forever')
    return (t - last_wait[requester], q)
drops = shimcalls.crowded_drops(P + '.txt', P + '.json', at_drop)
print('drops', len(drops), 'won', sum(d[2] for d in drops))
print('forever', sum(1 for d in drops if d[1] == 'forever'), 'won', sum(d[2] for d in drops if d[1] == 'forever'))
fin = sorted(d[1] for d in drops if isinstance(d[1], int))
print('finite', len(fin), 'sum', sum(fin), 'median', fin[(len(fin)-1)//2] if fin else None)
