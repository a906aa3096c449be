# An independent reading of a shim recording, for ShimLogTest's expected figures.
import json, sys, collections
meta=json.load(open(sys.argv[2])); start=meta['start_ns']; end=meta['end_ns']
names={v:k for k,v in meta['threads'].items()}
lines=open(sys.argv[1]).read().split('\n'); pid=int(lines[0].split()[3])
recs=[tuple(l.split()) for l in lines[1:] if l]
recs=[(int(a),int(b),int(c),int(d,16),int(e)) for a,b,c,d,e in recs]
tw=collections.Counter(r[3] for r in recs if r[2]==3); cond=tw.most_common(1)[0][0]
sig=collections.Counter(r[3] for r in recs if r[2]==1 and r[3]!=cond); sw=max((k for k in sig if k>cond), key=lambda k:sig[k])
recs=sorted(recs,key=lambda r:r[0])
ev=[]
for t,tid,k,o,rc in recs:
    if t<start or t>end: continue
    n=names.get(tid, 'MainThread' if tid==pid else 'tid %d'%tid)
    if o==cond and k in (1,3,4): ev.append((t,n,{1:'DROP',3:'WAIT',4:('TIMED_OUT' if rc==110 else 'WOKEN')}[k]))
    elif o==sw and k in (1,5): ev.append((t,n,{1:'TAKE',5:'FORCED'}[k]))
    elif k==7 and cond<o<sw: ev.append((t,n,'MB'))
c=collections.Counter(); waits=collections.defaultdict(list)
last=None; locked=False; swn=0; ws={}; saved={}; inwait=set(); woke=set(); req=None; fr=None; crowded=False
lastcall={}; tout={}; drp=None; back=[]; hold=None; holds=[]
calls={}; late=[]
for t,n,k in ev:  # every timed-out wait in the window, from its call: return less call less 5 ms
    if k=='WAIT': calls[n]=t
    elif k=='TIMED_OUT' and n in calls: late.append(t-calls.pop(n)-5_000_000)
for t,n,k in ev:
    if last is None and k!='TAKE': continue
    if k=='WAIT':
        c['timed_waits']+=1; ws.setdefault(n,t); saved[n]=swn; inwait.add(n)
        if drp is not None and drp[0]==n: back.append(t-drp[1]); drp=None
        lastcall[n]=t
        if n in woke: c['wasted']+=1; woke.discard(n)
    elif k=='WOKEN': c['wakeups']+=1; inwait.discard(n); woke.add(n); tout[n]=False
    elif k=='TIMED_OUT':
        c['timeouts']+=1; inwait.discard(n); tout[n]=True
        if locked and saved.get(n)==swn and n in ws: c['requests']+=1; req=n
    elif k=='TAKE':
        forced_take=fr is not None
        if drp is not None and drp[0]==n: drp=None
        if last is not None:
            c['takes']+=1
            if n!=last: c['switches']+=1
            if fr is not None:
                if n==fr: c['to_req']+=1
                elif n in ws: c['to_other']+=1
                if crowded and n==fr: c['crowded_req']+=1
                elif crowded and n in ws:
                    c['crowded_other']+=1
                    if tout.get(n): c['crowded_other_timed_out']+=1
                    if all(lastcall[o]>=lastcall[n] for o in ws if o not in (n,fr,last)): c['crowded_other_oldest_call']+=1
                fr=None
            if n in ws: waits[n].append(t-ws[n])
        if last is not None and n!=last and forced_take: drp=(last,t)
        if n!=last: swn+=1
        last=n; hold=t; locked=True; req=None; ws.pop(n,None); inwait.discard(n); woke.discard(n)
    elif k=='DROP':
        c['drops']+=1; locked=False
        if req is not None:
            c['forced']+=1; fr=req
            if hold is not None: holds.append(t-hold)
            crowded=any(o!=req and o!=n for o in ws)
            if crowded: c['crowded']+=1
        hold=None
    elif k=='FORCED': c['forced_waits']+=1
    elif k=='MB': c['mutex_blocks']+=1
print(dict(c)); print({k:(len(v),max(v)) for k,v in waits.items()})
back.sort(); late.sort(); holds.sort()
import math
pct=lambda v,p: v[max(0,min(len(v)-1,math.ceil(p/100*len(v))-1))]
print('after a forced drop, take to the dropper\'s next wait: n', len(back), 'p10/p50/p90', pct(back,10), pct(back,50), pct(back,90))
print('timed-out waits, return less call less 5 ms: n', len(late), 'min', late[0], 'p50', pct(late,50), 'max', late[-1])
print('take to the holder\'s forced drop: n', len(holds), 'p50/p90/p99', pct(holds,50), pct(holds,90), pct(holds,99))
