#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine, for the tests that run docs/distributed.md's Slurm recipe
# (SlurmRecipeIT). Needs root (CI runs as root) and Debian's packages, which it installs when they are missing:
# munge (the authentication Slurm uses) and slurm-wlm (slurmctld, slurmd, sbatch). Without systemd, it starts the
# daemons itself. Safe to run again: a running cluster is left as it is.
#
#   sudo bash tools/slurm/one-node.sh     # then: sinfo; sbatch ...; squeue
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  echo "tools/slurm/one-node.sh: needs root (it installs packages and starts munged, slurmctld and slurmd)" >&2
  exit 1
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge
fi

# munge: the package made a key; munged runs as its own user and needs its socket directory.
install -d -o munge -g munge -m 0755 /run/munge
install -d -o munge -g munge -m 0700 /var/log/munge /var/lib/munge
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
  chown munge:munge /etc/munge/munge.key
  chmod 0400 /etc/munge/munge.key
fi
if ! munge -n >/dev/null 2>&1; then
  runuser -u munge -- /usr/sbin/munged
  for _ in $(seq 50); do munge -n >/dev/null 2>&1 && break; sleep 0.1; done
fi

# slurm.conf: this host as controller and only node, with its real CPUs and memory (slurmd -C), run as root.
host=$(hostname -s)
node=$(slurmd -C | head -1)
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat > /etc/slurm/slurm.conf <<CONF
# Written by tools/slurm/one-node.sh: a one-node cluster for gilsim's tests.
ClusterName=gilsim
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
$node State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
sed -i 's/^\(NodeName=.*\) UpTime=.*/\1/' /etc/slurm/slurm.conf

if ! scontrol ping 2>/dev/null | grep -q UP; then
  /usr/sbin/slurmctld
fi
if ! pgrep -x slurmd >/dev/null; then
  /usr/sbin/slurmd
fi
# Ready when the node is idle (or already running jobs).
for _ in $(seq 100); do
  state=$(sinfo -h -N -o %t 2>/dev/null | head -1 || true)
  case "$state" in idle|mix|alloc) echo "slurm: node $host $state"; exit 0 ;; esac
  sleep 0.2
done
echo "tools/slurm/one-node.sh: the node did not come up (state '${state:-none}'); see /var/log/slurm/" >&2
exit 1
