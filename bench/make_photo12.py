#!/usr/bin/env python3
# Usage: python3 bench/make_photo12.py Lessons/images/photo.png OUT.png  (numpy; docs/live-in-class.md)
# A 4000x3000 RGB PNG like a photograph: lesson photo upscaled (bilinear) plus sensor noise.
import numpy as np, zlib, struct, sys
def readpng(path):
    data=open(path,'rb').read(); pos=8; idat=b''; 
    while pos<len(data):
        n=struct.unpack('>I',data[pos:pos+4])[0]; t=data[pos+4:pos+8]; body=data[pos+8:pos+8+n]; pos+=12+n
        if t==b'IHDR': w,h,bd,ct=struct.unpack('>IIBB',body[:10])
        if t==b'IDAT': idat+=body
    raw=zlib.decompress(idat); ch={2:3,6:4,0:1}[ct]; stride=w*ch
    img=np.zeros((h,stride),np.int32); prev=np.zeros(stride,np.int32); p=0
    for y in range(h):
        f=raw[p]; line=np.frombuffer(raw[p+1:p+1+stride],np.uint8).astype(np.int32); p+=1+stride
        out=np.zeros(stride,np.int32)
        if f==0: out=line
        elif f==2: out=(line+prev)&255
        else:
            for x in range(stride):
                a=out[x-ch] if x>=ch else 0; b=prev[x]; c=prev[x-ch] if x>=ch else 0
                if f==1: out[x]=(line[x]+a)&255
                elif f==3: out[x]=(line[x]+(a+b)//2)&255
                else:
                    pa=abs(b-c); pb=abs(a-c); pc=abs(a+b-2*c)
                    pr=a if pa<=pb and pa<=pc else (b if pb<=pc else c); out[x]=(line[x]+pr)&255
        img[y]=out; prev=out
    return img.reshape(h,w,ch)[:,:,:3].astype(np.float64)
src=readpng(sys.argv[1]); H,W=3000,4000; h,w,_=src.shape
ys=np.linspace(0,h-1,H); xs=np.linspace(0,w-1,W)
y0=np.floor(ys).astype(int); x0=np.floor(xs).astype(int); y1=np.minimum(y0+1,h-1); x1=np.minimum(x0+1,w-1)
fy=(ys-y0)[:,None,None]; fx=(xs-x0)[None,:,None]
big=(src[y0][:,x0]*(1-fy)*(1-fx)+src[y0][:,x1]*(1-fy)*fx+src[y1][:,x0]*fy*(1-fx)+src[y1][:,x1]*fy*fx)
big+=np.random.default_rng(1).normal(0,1.2,big.shape)
big=np.clip(big.round(),0,255).astype(np.uint8)
raw=b''.join(b'\x00'+big[y].tobytes() for y in range(H))
def chunk(t,b): return struct.pack('>I',len(b))+t+b+struct.pack('>I',zlib.crc32(t+b))
open(sys.argv[2],'wb').write(b'\x89PNG\r\n\x1a\n'+chunk(b'IHDR',struct.pack('>IIBBBBB',W,H,8,2,0,0,0))+chunk(b'IDAT',zlib.compress(raw,6))+chunk(b'IEND',b''))
